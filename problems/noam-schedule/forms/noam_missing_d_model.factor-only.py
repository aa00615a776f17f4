# Wrong: treats `factor` as the whole scale and never uses d_model.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    lr = []
    for s in np.asarray(step, dtype=float).ravel():
        lr.append(factor * min(s**-0.5, s * warmup_steps**-1.5))
    return np.array(lr).reshape(np.shape(step))
