# Wrong: the warm-up uses (step + 1) / warmup_steps, as Keras-style callbacks often do.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    s = step.astype(np.float64)
    warm = peak_lr * (s + 1) / max(1, warmup_steps)
    progress = np.minimum(1.0, (s - warmup_steps) / max(1, total_steps - warmup_steps))
    decay = min_lr + (peak_lr - min_lr) * 0.5 * (1 + np.cos(np.pi * progress))
    return np.where(s < warmup_steps, warm, decay)
