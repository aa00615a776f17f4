"""The two phases written as branches, as in many tutorials: linear warmup below
warmup_steps, inverse square root above (they agree at the peak)."""

import numpy as np


def noam_lr(step: np.ndarray, d_model: int, warmup_steps: int = 4000, factor: float = 1.0):
    s = step.astype(np.float64)
    peak = factor / np.sqrt(d_model * warmup_steps)  # the lr at step == warmup_steps
    warming = peak * s / warmup_steps
    decaying = peak * np.sqrt(warmup_steps / s)
    return np.where(s <= warmup_steps, warming, decaying)
