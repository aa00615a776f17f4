# Wrong: in the loop the i-th warm-up step is given (i + 1) / warmup of the peak.
import math

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    out = np.zeros(step.shape)
    for idx, i in np.ndenumerate(step):
        if i < warmup_steps:
            out[idx] = peak_lr * (i + 1) / warmup_steps
        else:
            ratio = min(1.0, (i - warmup_steps) / max(1, total_steps - warmup_steps))
            out[idx] = min_lr + 0.5 * (peak_lr - min_lr) * (1 + math.cos(math.pi * ratio))
    return out
