"""The Annotated Transformer's `rate(step, model_size, factor, warmup)` (its step 0 guard kept,
although steps here start at 1), applied to every entry of the array."""

import numpy as np


def rate(step, model_size, factor, warmup):
    if step == 0:
        step = 1
    return factor * (model_size ** (-0.5) * min(step ** (-0.5), step * warmup ** (-1.5)))


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    out = np.empty(step.shape, dtype=np.float64)
    for index, s in np.ndenumerate(step):
        out[index] = rate(int(s), d_model, factor, warmup_steps)
    return out
