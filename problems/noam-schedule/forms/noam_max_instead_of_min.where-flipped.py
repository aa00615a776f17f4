# Wrong: the branch is flipped: the linear warmup is used after warmup_steps, the decay before.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    s = np.asarray(step, dtype=np.float64)
    linear = s / warmup_steps**1.5
    inv_sqrt = 1.0 / np.sqrt(s)
    lr = np.where(s < warmup_steps, inv_sqrt, linear)
    return factor / np.sqrt(d_model) * lr
