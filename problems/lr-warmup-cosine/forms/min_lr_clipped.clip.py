# Wrong: the cosine from the peak to zero, clipped from below at min_lr with np.clip.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    t = step.astype(np.float64)
    frac = np.clip((t - warmup_steps) / max(1, total_steps - warmup_steps), 0.0, 1.0)
    cosine = np.clip(peak_lr * (1 + np.cos(np.pi * frac)) / 2, min_lr, None)
    return np.where(t < warmup_steps, t * (peak_lr / max(1, warmup_steps)), cosine)
