# Wrong: adds 1 to steps that already start at 1.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64) + 1
    return factor * d_model**-0.5 * np.minimum(step**-0.5, step * warmup_steps**-1.5)
