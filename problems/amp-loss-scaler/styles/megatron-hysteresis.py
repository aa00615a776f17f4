"""Adapted from NVIDIA Megatron-LM, megatron/core/optimizer/grad_scaler.py,
`DynamicGradScaler.update` (read 2026-12), with hysteresis=1: Megatron only backs off after
`hysteresis` overflows in a row (its default is 2), and clamps the scale at `min_scale`.
With hysteresis=1 the first overflow backs off, which is PyTorch's rule; min_scale is set
to 0 here (no floor). Megatron keeps the scale in a one-element tensor on the GPU and the
found_inf flag is all-reduced across ranks before `update`; here a float and a bool. The
unscale-and-check step mirrors `_unscale_main_grads_and_check_for_nan`."""

import numpy as np


class DynamicGradScaler:
    def __init__(
        self,
        initial_scale,
        min_scale,
        growth_factor,
        backoff_factor,
        growth_interval,
        hysteresis,
        growth_tracker=0,
    ):
        self._scale = initial_scale
        self.min_scale = min_scale
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self.hysteresis = hysteresis
        self._growth_tracker = growth_tracker
        self._hysteresis_tracker = self.hysteresis

    @property
    def inv_scale(self):
        return 1.0 / self._scale

    def update(self, found_inf):
        if found_inf:
            self._growth_tracker = 0
            self._hysteresis_tracker -= 1
            if self._hysteresis_tracker <= 0:
                self._scale = max(self._scale * self.backoff_factor, self.min_scale)
        else:
            self._growth_tracker += 1
            if self._growth_tracker == self.growth_interval:
                self._growth_tracker = 0
                self._hysteresis_tracker = self.hysteresis
                self._scale = self._scale * self.growth_factor


def _unscale_main_grads_and_check_for_nan(main_grads, inv_scale):
    found_inf = np.zeros(1)
    out = []
    for g in main_grads:
        with np.errstate(invalid="ignore"):
            out.append(g * inv_scale)
        found_inf = np.maximum(found_inf, float(not np.isfinite(g).all()))
    return out, bool(found_inf.item() > 0)


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    scaler = DynamicGradScaler(
        scale,
        0.0,
        growth_factor,
        backoff_factor,
        growth_interval,
        hysteresis=1,
        growth_tracker=growth_tracker,
    )
    unscaled, found_inf = _unscale_main_grads_and_check_for_nan(grads, scaler.inv_scale)
    scaler.update(found_inf)
    return unscaled, found_inf, np.asarray(scaler._scale), np.asarray(scaler._growth_tracker)
