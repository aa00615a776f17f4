# Wrong: the tracker is only ever reset after growing; an overflow leaves it as it was.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    unscaled = [g / scale for g in grads]
    overflow = any(np.isnan(g).any() or np.isinf(g).any() for g in grads)
    tracker = growth_tracker
    if overflow:
        scale = scale * backoff_factor
    else:
        tracker += 1
    if tracker == growth_interval and not overflow:
        scale, tracker = scale * growth_factor, 0
    return unscaled, overflow, scale, tracker
