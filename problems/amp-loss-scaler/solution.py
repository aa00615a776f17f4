import numpy as np


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    # 1. Unscale: the backward pass ran on loss * scale, so every gradient is scale times
    #    too large. New arrays: the caller's gradients stay as they were.
    unscaled = [g / scale for g in grads]

    # 2. Overflow check: one inf or NaN anywhere poisons the whole step. np.isfinite is
    #    False for +inf, -inf and NaN alike (np.isinf would let NaN through).
    found_inf = not all(np.isfinite(g).all() for g in grads)

    # 3. Update the scale (torch._amp_update_scale_).
    if found_inf:
        # Too large: back off, and the run of clean steps starts over. The optimizer step
        # is skipped; the unscaled gradients are still returned as computed.
        new_scale = scale * backoff_factor
        new_tracker = 0
    else:
        new_tracker = growth_tracker + 1  # count this clean step first...
        if new_tracker == growth_interval:  # ...then compare
            new_scale = scale * growth_factor  # long enough without overflow: try larger
            new_tracker = 0
        else:
            new_scale = scale
    return unscaled, found_inf, new_scale, new_tracker
