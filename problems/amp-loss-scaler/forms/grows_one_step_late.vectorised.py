# Wrong: the growth test uses the tracker from before this step.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    flat = np.concatenate([g.ravel() for g in grads])
    found_inf = not np.isfinite(flat).all()
    grow = (not found_inf) and growth_tracker == growth_interval
    new_scale = np.where(
        found_inf, scale * backoff_factor, np.where(grow, scale * growth_factor, scale)
    )
    new_tracker = 0 if (found_inf or grow) else growth_tracker + 1
    return [g / scale for g in grads], found_inf, new_scale, new_tracker
