# Wrong: np.vectorize over a per-step function that shifts the step by one.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    def one(s):
        s = s + 1.0
        return factor * d_model**-0.5 * min(s**-0.5, s * warmup_steps**-1.5)

    return np.vectorize(one, otypes=[np.float64])(step)
