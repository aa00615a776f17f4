# Wrong: branch-free update that forgets to zero the tracker when the scale grows.
import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    bad = np.array([not np.isfinite(g).all() for g in grads]).any()
    count = growth_tracker + 1
    grow = (not bad) and count == growth_interval
    new_scale = scale * backoff_factor if bad else (scale * growth_factor if grow else scale)
    new_tracker = np.where(bad, 0, count)
    return [g / scale for g in grads], bad, new_scale, new_tracker
