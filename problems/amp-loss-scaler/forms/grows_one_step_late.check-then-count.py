# Wrong: compares the tracker with growth_interval before counting this clean step.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    unscaled = [g / scale for g in grads]
    found_inf = not all(np.isfinite(g).all() for g in grads)
    if found_inf:
        return unscaled, found_inf, scale * backoff_factor, 0
    if growth_tracker == growth_interval:
        return unscaled, found_inf, scale * growth_factor, 0
    return unscaled, found_inf, scale, growth_tracker + 1
