# Wrong: grows the scale at growth_interval but leaves the tracker at growth_interval.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    unscaled = [g / scale for g in grads]
    found_inf = any(not np.isfinite(g).all() for g in grads)
    if found_inf:
        return unscaled, True, scale * backoff_factor, 0
    growth_tracker += 1
    if growth_tracker == growth_interval:
        scale *= growth_factor
    return unscaled, False, scale, growth_tracker
