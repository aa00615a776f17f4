"""Plain Python over the entries (math.isfinite on each value), no NumPy in the update;
returns a Python bool, float and int."""

import math

import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    overflow = False
    unscaled = []
    for g in grads:
        values = []
        for v in g.reshape(-1).tolist():
            if not math.isfinite(v):
                overflow = True
            values.append(v / scale)
        unscaled.append(np.array(values, dtype=np.float64).reshape(g.shape))

    if overflow:
        return unscaled, True, scale * backoff_factor, 0
    steps = growth_tracker + 1
    if steps == growth_interval:
        return unscaled, False, scale * growth_factor, 0
    return unscaled, False, scale, steps
