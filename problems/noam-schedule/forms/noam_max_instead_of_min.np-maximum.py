# Wrong: np.maximum where the schedule takes the minimum of the two terms.
import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(float)
    return factor * d_model**-0.5 * np.maximum(step**-0.5, step * warmup_steps**-1.5)
