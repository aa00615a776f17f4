"""Trusted reference: the learning-rate schedule of "Attention Is All You Need" (section 5.3)."""

import numpy as np


def noam_lr(
    step: np.ndarray, d_model: int, warmup_steps: int = 4000, factor: float = 1.0
) -> np.ndarray:
    """factor * d_model^-0.5 * min(step^-0.5, step * warmup_steps^-1.5), elementwise."""
    step = np.asarray(step, dtype=np.float64)
    return factor * d_model**-0.5 * np.minimum(step**-0.5, step * warmup_steps**-1.5)
