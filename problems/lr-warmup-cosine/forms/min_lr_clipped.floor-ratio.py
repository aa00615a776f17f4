# Wrong: a multiplier floored at min_lr / peak_lr, max(min_lr_ratio, cosine_factor), as in
# some "enhanced" copies of the HF lambda: a kink where the cosine meets the floor.
import math

import numpy as np


def multiplier(t, warmup, total, min_lr_ratio):
    if t < warmup:
        return t / max(1, warmup)
    progress = min(1.0, (t - warmup) / max(1, total - warmup))
    cosine_factor = 0.5 * (1.0 + math.cos(math.pi * progress))
    return max(min_lr_ratio, cosine_factor)


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    ratio = min_lr / peak_lr
    m = [multiplier(int(t), warmup_steps, total_steps, ratio) for t in step.reshape(-1)]
    return peak_lr * np.asarray(m, dtype=np.float64).reshape(step.shape)
