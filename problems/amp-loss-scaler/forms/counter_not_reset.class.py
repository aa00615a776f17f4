# Wrong: the class grows its scale when the counter hits the interval but never zeroes it.
import numpy as np


class LossScaler:
    def __init__(self, scale, steps, up, down, window):
        self.scale, self.steps, self.up, self.down, self.window = scale, steps, up, down, window

    def update(self, overflow):
        if overflow:
            self.scale *= self.down
            self.steps = 0
        else:
            self.steps += 1
            if self.steps == self.window:
                self.scale *= self.up


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    ls = LossScaler(scale, growth_tracker, growth_factor, backoff_factor, growth_interval)
    unscaled = [g / ls.scale for g in grads]
    overflow = any((~np.isfinite(g)).any() for g in grads)
    ls.update(overflow)
    return unscaled, overflow, ls.scale, ls.steps
