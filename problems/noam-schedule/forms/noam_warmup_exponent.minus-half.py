# Wrong: warmup_steps ** -0.5 in the linear term; it must be ** -1.5.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64)
    return factor * d_model**-0.5 * np.minimum(step**-0.5, step * warmup_steps**-0.5)
