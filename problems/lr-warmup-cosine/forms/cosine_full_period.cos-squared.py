# Wrong: cos(pi * p) ** 2 as the decay shape; it equals 0.5 * (1 + cos(2 pi p)), a full
# period, so the rate is back at the peak when p reaches 1.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    t = step.astype(np.float64)
    p = np.clip((t - warmup_steps) / max(total_steps - warmup_steps, 1), 0, 1)
    shape = np.cos(np.pi * p) ** 2
    warm = t / max(warmup_steps, 1) * peak_lr
    return np.where(t < warmup_steps, warm, min_lr + (peak_lr - min_lr) * shape)
