"""Adapted from NVIDIA apex, apex/fp16_utils/loss_scaler.py, `DynamicLossScaler` (read
2026-12). apex keeps no tracker: it remembers `cur_iter` and `last_overflow_iter`, and on a
clean step grows when `(cur_iter - last_overflow_iter) % scale_window == 0`; its overflow
test `_has_inf_or_nan` sums each gradient and compares the sum with +-inf and itself.
Changed to fit this contract: separate growth and backoff factors (apex divides and
multiplies by one `scale_factor`), no floor at 1 on backoff (apex's
`max(cur_scale / scale_factor, 1)`), the iteration counters set up from growth_tracker
(the last overflow or growth was growth_tracker + 1 steps ago), and the tracker read back
from them; apex also never resets its window after growing, which the modulo makes
equivalent when the tracker starts below scale_window."""

import numpy as np


class DynamicLossScaler:
    def __init__(self, init_scale, growth_tracker, growth_factor, backoff_factor, scale_window):
        self.cur_scale = init_scale
        self.cur_iter = growth_tracker
        self.last_overflow_iter = -1
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.scale_window = scale_window

    def has_overflow(self, grads):
        return any(DynamicLossScaler._has_inf_or_nan(g) for g in grads)

    @staticmethod
    def _has_inf_or_nan(x):
        with np.errstate(invalid="ignore", over="ignore"):
            cpu_sum = float(x.sum())
        return cpu_sum in (float("inf"), -float("inf")) or cpu_sum != cpu_sum

    def update_scale(self, overflow):
        if overflow:
            self.cur_scale = self.cur_scale * self.backoff_factor
            self.last_overflow_iter = self.cur_iter
        elif (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
            self.cur_scale *= self.growth_factor
        self.cur_iter += 1

    @property
    def growth_tracker(self):
        if self.last_overflow_iter == self.cur_iter - 1:
            return 0
        return (self.cur_iter - self.last_overflow_iter - 1) % self.scale_window


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    scaler = DynamicLossScaler(
        scale, growth_tracker, growth_factor, backoff_factor, growth_interval
    )
    has_overflow = scaler.has_overflow(grads)
    with np.errstate(invalid="ignore"):
        unscaled = [g * (1.0 / scaler.cur_scale) for g in grads]
    scaler.update_scale(has_overflow)
    return unscaled, has_overflow, scaler.cur_scale, scaler.growth_tracker
