"""Adapted from PyTorch's torch/amp/grad_scaler.py (torch 2.13, read 2026-12):
`GradScaler.unscale_` computes `inv_scale = 1 / scale` in double then hands every gradient
to `torch._amp_foreach_non_finite_check_and_unscale_(grads, found_inf, inv_scale)`, which
multiplies in place and sets `found_inf` to 1.0 on any inf/NaN; `update()` then calls
`torch._amp_update_scale_`, whose CPU fallback `_amp_update_scale_cpu_` is copied here in
its structure (`successful = growth_tracker + 1`, `fill_(0)`). In NumPy, on copies instead of
in place, with found_inf a float 0-d array as in PyTorch and returned as a 0-d bool array."""

import numpy as np


class _State:
    def __init__(self, scale, growth_tracker, growth_factor, backoff_factor, growth_interval):
        self._scale = np.full((), scale, dtype=np.float64)
        self._growth_tracker = np.full((), growth_tracker, dtype=np.int64)
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval

    def _unscale_grads_(self, grads, inv_scale, found_inf):
        out = []
        for g in grads:
            if not np.isfinite(g).all():
                found_inf.fill(1.0)
            out.append(g * inv_scale)
        return out

    def _amp_update_scale_cpu_(self, found_inf):
        if found_inf.item() >= 1.0:
            self._scale *= self._backoff_factor
            self._growth_tracker.fill(0)
        else:
            successful = self._growth_tracker + 1
            if successful == self._growth_interval:
                self._scale *= self._growth_factor
                self._growth_tracker.fill(0)
            else:
                self._growth_tracker = successful


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    state = _State(scale, growth_tracker, growth_factor, backoff_factor, growth_interval)
    inv_scale = np.full((), 1.0, dtype=np.float64) / state._scale
    found_inf = np.full((), 0.0, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        unscaled = state._unscale_grads_(grads, inv_scale, found_inf)
    state._amp_update_scale_cpu_(found_inf)
    return unscaled, found_inf >= 1.0, state._scale, state._growth_tracker
