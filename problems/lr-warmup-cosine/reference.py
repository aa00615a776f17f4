"""Trusted reference for lr-warmup-cosine: linear warm-up from 0, then a half cosine from
peak_lr down to min_lr over total_steps - warmup_steps steps, held at min_lr afterwards.

The decay branch is the one of transformers' get_cosine_schedule_with_warmup (progress over
max(1, total - warmup)) with progress clamped at 1, and min_lr as in nanoGPT's get_lr."""

import numpy as np


def lr_at(
    step: np.ndarray, peak_lr: float, warmup_steps: int, total_steps: int, min_lr: float = 0.0
) -> np.ndarray:
    """The learning rate at each step (int64, any shape), float64 of the same shape."""
    s = np.asarray(step).astype(np.float64)
    warm = peak_lr * s / max(1, warmup_steps)  # used only where step < warmup_steps
    progress = np.minimum(1.0, (s - warmup_steps) / max(1, total_steps - warmup_steps))
    cosine = min_lr + (peak_lr - min_lr) * 0.5 * (1.0 + np.cos(np.pi * progress))
    return np.where(s < warmup_steps, warm, cosine)
