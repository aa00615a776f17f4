# Wrong: divides the step by sqrt(warmup_steps) instead of warmup_steps ** 1.5.
import math

import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    s = np.asarray(step, dtype=np.float64)
    return factor / math.sqrt(d_model) * np.minimum(1 / np.sqrt(s), s / math.sqrt(warmup_steps))
