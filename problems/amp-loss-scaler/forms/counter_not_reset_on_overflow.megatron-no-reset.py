# Wrong: Megatron-style update with the `_growth_tracker = 0` line of the overflow branch lost.
import numpy as np


class DynamicGradScaler:
    def __init__(self, scale, growth_factor, backoff_factor, growth_interval, tracker):
        self._scale = scale
        self.growth_factor, self.backoff_factor = growth_factor, backoff_factor
        self.growth_interval = growth_interval
        self._growth_tracker = tracker
        self._hysteresis_tracker = 1

    def update(self, found_inf):
        if found_inf:
            self._hysteresis_tracker -= 1
            if self._hysteresis_tracker <= 0:
                self._scale = self._scale * self.backoff_factor
        else:
            self._growth_tracker += 1
            if self._growth_tracker == self.growth_interval:
                self._growth_tracker = 0
                self._hysteresis_tracker = 1
                self._scale = self._scale * self.growth_factor


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    s = DynamicGradScaler(scale, growth_factor, backoff_factor, growth_interval, growth_tracker)
    found_inf = not all(np.isfinite(g).all() for g in grads)
    unscaled = [g * (1.0 / scale) for g in grads]
    s.update(found_inf)
    return unscaled, found_inf, s._scale, s._growth_tracker
