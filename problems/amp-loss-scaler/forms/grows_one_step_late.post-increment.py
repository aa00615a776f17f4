# Wrong: `if tracker == interval` is tested on the old value, then the tracker is incremented.
import numpy as np


class GradScaler:
    def __init__(self, scale, tracker, gf, bf, interval):
        self.scale, self.tracker, self.gf, self.bf, self.interval = scale, tracker, gf, bf, interval

    def update(self, found_inf):
        if found_inf:
            self.scale *= self.bf
            self.tracker = 0
        elif self.tracker == self.interval:
            self.scale *= self.gf
            self.tracker = 0
        else:
            self.tracker += 1


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    gs = GradScaler(scale, growth_tracker, growth_factor, backoff_factor, growth_interval)
    found_inf = bool(sum((~np.isfinite(g)).sum() for g in grads))
    unscaled = [g * (1 / scale) for g in grads]
    gs.update(found_inf)
    return unscaled, found_inf, gs.scale, gs.tracker
