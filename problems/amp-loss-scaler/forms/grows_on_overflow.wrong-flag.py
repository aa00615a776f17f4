# Wrong: the update tests any(finite) instead of all(finite): one clean array hides an overflow.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    finite = [bool(np.isfinite(g).all()) for g in grads]
    found_inf = not all(finite)
    ok = any(finite)
    if not ok:
        new_scale, new_tracker = scale * backoff_factor, 0
    elif growth_tracker + 1 == growth_interval:
        new_scale, new_tracker = scale * growth_factor, 0
    else:
        new_scale, new_tracker = scale, growth_tracker + 1
    return [g / scale for g in grads], found_inf, new_scale, new_tracker
