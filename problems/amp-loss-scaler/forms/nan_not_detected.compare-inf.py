# Wrong: looks for entries equal to +inf or -inf, entry by entry; NaN equals neither.
import math

import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    overflow = False
    for g in grads:
        for v in g.flat:
            if v == math.inf or v == -math.inf:
                overflow = True
    tracker = 0 if overflow else growth_tracker + 1
    if overflow:
        scale_out = scale * backoff_factor
    elif tracker == growth_interval:
        scale_out, tracker = scale * growth_factor, 0
    else:
        scale_out = scale
    return [np.asarray(g) / scale for g in grads], overflow, scale_out, tracker
