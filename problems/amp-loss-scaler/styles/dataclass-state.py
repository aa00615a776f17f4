"""A frozen dataclass holding the scaler's state; one pure method returns the next state,
as a functional training loop (JAX/optax style, a checkpointable state) would keep it."""

from dataclasses import dataclass, replace

import numpy as np


@dataclass(frozen=True)
class ScalerState:
    scale: float
    tracker: int
    growth_factor: float = 2.0
    backoff_factor: float = 0.5
    growth_interval: int = 2000

    def next(self, overflow: bool) -> "ScalerState":
        if overflow:
            return replace(self, scale=self.scale * self.backoff_factor, tracker=0)
        count = self.tracker + 1
        if count >= self.growth_interval:
            return replace(self, scale=self.scale * self.growth_factor, tracker=0)
        return replace(self, tracker=count)


def scaler_step(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    state = ScalerState(scale, growth_tracker, growth_factor, backoff_factor, growth_interval)
    overflow = bool(np.any([~np.isfinite(g).all() for g in grads]))
    new = state.next(overflow)
    unscaled = [np.divide(g, scale) for g in grads]
    return unscaled, np.bool_(overflow), np.float64(new.scale), np.int64(new.tracker)
