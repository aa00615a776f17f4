"""Trusted reference: one step of PyTorch's dynamic loss scaling, in float64.

`torch._amp_foreach_non_finite_check_and_unscale_` (multiply every gradient by 1/scale and
raise found_inf if any entry is inf or NaN), then `torch._amp_update_scale_` (back off and
reset the tracker on an overflow, else count the clean step and grow every growth_interval
clean steps). Checked outside grading against both torch ops on CPU (torch 2.13, float32
scale and int32 tracker): same found_inf, scale and tracker on every case.
"""

import numpy as np


def scaler_step(
    grads: list,
    scale: float,
    growth_tracker: int,
    growth_factor: float = 2.0,
    backoff_factor: float = 0.5,
    growth_interval: int = 2000,
) -> tuple[list[np.ndarray], np.ndarray, np.ndarray, np.ndarray]:
    """(unscaled, found_inf, new_scale, new_tracker); the inputs are left as they were."""
    arrays = [np.asarray(g, dtype=np.float64) for g in grads]
    with np.errstate(invalid="ignore", over="ignore"):
        unscaled = [a / scale for a in arrays]
    found_inf = any(not np.isfinite(a).all() for a in arrays)
    if found_inf:
        new_scale, new_tracker = scale * backoff_factor, 0
    else:
        successful = growth_tracker + 1
        if successful == growth_interval:
            new_scale, new_tracker = scale * growth_factor, 0
        else:
            new_scale, new_tracker = scale, successful
    return (
        unscaled,
        np.asarray(found_inf, dtype=np.bool_),
        np.asarray(new_scale, dtype=np.float64),
        np.asarray(new_tracker, dtype=np.int64),
    )
