# Wrong: no np.minimum(1, progress): past total_steps the cosine goes round again.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    s = step.astype(np.float64)
    progress = (s - warmup_steps) / max(1, total_steps - warmup_steps)
    decay = min_lr + (peak_lr - min_lr) * 0.5 * (1.0 + np.cos(np.pi * progress))
    return np.where(s < warmup_steps, peak_lr * s / max(1, warmup_steps), decay)
