# Wrong: cos(2 * pi * progress), a whole period: back up to the peak at total_steps.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    s = step.astype(np.float64)
    progress = np.minimum((s - warmup_steps) / max(1, total_steps - warmup_steps), 1.0)
    cosine = min_lr + (peak_lr - min_lr) * 0.5 * (1 + np.cos(2 * np.pi * progress))
    return np.where(s < warmup_steps, peak_lr * s / max(1, warmup_steps), cosine)
