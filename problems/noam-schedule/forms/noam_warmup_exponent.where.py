# Wrong: the linear branch uses step / sqrt(warmup), which jumps at warmup_steps.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    s = step.astype(np.float64)
    linear = s * warmup_steps**-0.5
    decay = s**-0.5
    return factor * d_model**-0.5 * np.where(linear < decay, linear, decay)
