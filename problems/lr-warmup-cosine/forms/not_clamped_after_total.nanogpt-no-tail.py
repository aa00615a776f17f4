# Wrong: nanoGPT's get_lr without its second branch (`if it > lr_decay_iters: return
# min_lr`), so nothing holds the rate at min_lr after the schedule ends.
import math

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    def get_lr(it):
        if it < warmup_steps:
            return peak_lr * it / warmup_steps
        decay_ratio = (it - warmup_steps) / max(1, total_steps - warmup_steps)
        coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio))
        return min_lr + coeff * (peak_lr - min_lr)

    return np.vectorize(get_lr, otypes=[np.float64])(step)
