# Wrong: update(found_inf=False) is called before the check, so every step counts as clean.
import numpy as np


class Scaler:
    def __init__(self, scale, tracker, growth_factor, backoff_factor, interval):
        self.scale, self.tracker = scale, tracker
        self.growth_factor, self.backoff_factor, self.interval = (
            growth_factor,
            backoff_factor,
            interval,
        )
        self.found_inf = False

    def update(self):
        if self.found_inf:
            self.scale *= self.backoff_factor
            self.tracker = 0
            return
        self.tracker += 1
        if self.tracker == self.interval:
            self.scale *= self.growth_factor
            self.tracker = 0


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    s = Scaler(scale, growth_tracker, growth_factor, backoff_factor, growth_interval)
    s.update()
    s.found_inf = any(not np.isfinite(g).all() for g in grads)
    return [g * (1.0 / scale) for g in grads], s.found_inf, s.scale, s.tracker
