# Wrong: the d_model^-0.5 factor is left out.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64)
    return factor * np.minimum(step**-0.5, step * warmup_steps**-1.5)
