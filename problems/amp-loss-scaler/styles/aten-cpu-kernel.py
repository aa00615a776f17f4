"""Adapted from ATen's aten/src/ATen/native/cpu/AmpGradScalerKernels.cpp (read 2026-12):
`_amp_foreach_non_finite_check_and_unscale_cpu_kernel` walks every element, sets
`*found_inf_ptr = 1.f` when `!std::isfinite(val)` and writes `val * inv_scale`;
`_amp_update_scale_cpu_kernel` then updates the one-element scale and the int tracker.
The C++ loops become Python loops over flat views; the tensors' one-element buffers become
one-element arrays. Returns found_inf as a NumPy bool scalar."""

import math

import numpy as np


def _non_finite_check_and_unscale(grads, found_inf, inv_scale):
    outs = []
    for g in grads:
        out = np.empty_like(g, dtype=np.float64)
        src, dst = g.reshape(-1), out.reshape(-1)
        for i in range(src.size):
            val = float(src[i])
            if not math.isfinite(val):
                found_inf[0] = 1.0
            dst[i] = val if inv_scale[0] == 1.0 else val * inv_scale[0]
        outs.append(out)
    return outs


def _update_scale(
    current_scale, growth_tracker, found_inf, growth_factor, backoff_factor, growth_interval
):
    if found_inf[0] != 0.0:
        current_scale[0] *= backoff_factor
        growth_tracker[0] = 0
    else:
        successful = growth_tracker[0] + 1
        if successful == growth_interval:
            new_scale = current_scale[0] * growth_factor
            if math.isfinite(new_scale):  # the kernel keeps the old scale on overflow
                current_scale[0] = new_scale
            growth_tracker[0] = 0
        else:
            growth_tracker[0] = successful


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    current_scale = np.array([scale], dtype=np.float64)
    tracker = np.array([growth_tracker], dtype=np.int64)
    found_inf = np.zeros(1)
    inv_scale = 1.0 / current_scale
    unscaled = _non_finite_check_and_unscale(grads, found_inf, inv_scale)
    _update_scale(current_scale, tracker, found_inf, growth_factor, backoff_factor, growth_interval)
    return unscaled, found_inf[0] != 0.0, current_scale[0], tracker[0]
