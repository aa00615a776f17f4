"""Vectorised: concatenate every gradient into one flat vector for the check (one isfinite
over all entries), unscale that vector once and split it back into the original shapes.
The scale update is branch-free with np.where."""

import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    flat = np.concatenate([g.ravel() for g in grads])
    found_inf = ~np.isfinite(flat).all()  # 0-d numpy bool
    with np.errstate(invalid="ignore"):
        flat_unscaled = flat * (1.0 / scale)
    cuts = np.cumsum([g.size for g in grads])[:-1]
    unscaled = [
        p.reshape(g.shape) for p, g in zip(np.split(flat_unscaled, cuts), grads, strict=True)
    ]
    count = growth_tracker + 1
    grow = (~found_inf) & (count == growth_interval)
    new_scale = np.where(
        found_inf, scale * backoff_factor, np.where(grow, scale * growth_factor, scale)
    )
    new_tracker = np.where(found_inf | grow, 0, count)
    return unscaled, np.asarray(found_inf), new_scale, new_tracker
