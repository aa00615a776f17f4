"""Vectorised with np.clip: the warm-up fraction clipped to [0, 1] and the decay progress
clipped to [0, 1], then one np.where picks the phase. The warm-up fraction is computed for
every step and simply not used after warm-up."""

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    t = step.astype(np.float64)
    ramp = np.clip(t / max(warmup_steps, 1), 0.0, 1.0)
    p = np.clip((t - warmup_steps) / max(total_steps - warmup_steps, 1), 0.0, 1.0)
    cosine = 0.5 * (1.0 + np.cos(np.pi * p))
    in_warmup = t < warmup_steps
    return np.where(in_warmup, ramp * peak_lr, min_lr + cosine * (peak_lr - min_lr))
