# Wrong: decay_ratio = (it - warmup) / total_steps, so the cosine is stretched and has not
# reached min_lr when training ends.
import math

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    out = []
    for it in step.ravel():
        if it < warmup_steps:
            out.append(peak_lr * it / warmup_steps)
            continue
        decay_ratio = min(1.0, (it - warmup_steps) / max(1, total_steps))
        coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio))
        out.append(min_lr + coeff * (peak_lr - min_lr))
    return np.array(out, dtype=np.float64).reshape(step.shape)
