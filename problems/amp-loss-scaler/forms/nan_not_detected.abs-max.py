# Wrong: overflow means abs().max() == inf; max() of an array with a NaN and no inf is not inf.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    peak = max(float(np.nanmax(np.abs(g))) for g in grads)
    overflow = peak == float("inf")
    if overflow:
        new_scale, new_tracker = scale * backoff_factor, 0
    elif growth_tracker + 1 == growth_interval:
        new_scale, new_tracker = scale * growth_factor, 0
    else:
        new_scale, new_tracker = scale, growth_tracker + 1
    return [g / scale for g in grads], overflow, new_scale, new_tracker
