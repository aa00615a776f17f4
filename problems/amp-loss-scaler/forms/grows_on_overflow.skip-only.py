# Wrong: found_inf only skips the optimizer step; the scale update never looks at it.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    unscaled = [g / scale for g in grads]
    found_inf = not all(np.isfinite(g).all() for g in grads)
    tracker = growth_tracker + 1
    if tracker == growth_interval:
        scale, tracker = scale * growth_factor, 0
    return unscaled, found_inf, scale, tracker
