# Wrong: decays from peak_lr to 0, then np.maximum(min_lr, ...) instead of rescaling.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    s = step.astype(np.float64)
    progress = np.minimum(1.0, (s - warmup_steps) / max(1, total_steps - warmup_steps))
    decay = np.maximum(min_lr, peak_lr * 0.5 * (1 + np.cos(np.pi * progress)))
    return np.where(s < warmup_steps, peak_lr * s / max(1, warmup_steps), decay)
