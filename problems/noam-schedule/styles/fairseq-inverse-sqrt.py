"""fairseq's inverse_sqrt scheduler: lr grows by a fixed step during warmup, then
decay_factor * step^-0.5 with decay_factor = peak_lr * sqrt(warmup); here with the Noam peak
lr = factor * (d_model * warmup)^-0.5 and warmup_init_lr = 0."""

import math

import numpy as np


class InverseSquareRootSchedule:
    def __init__(self, peak_lr: float, warmup_updates: int) -> None:
        self.warmup_updates = warmup_updates
        self.lr_step = peak_lr / warmup_updates
        self.decay_factor = peak_lr * warmup_updates**0.5

    def step_update(self, num_updates: np.ndarray) -> np.ndarray:
        n = num_updates.astype(np.float64)
        return np.where(n < self.warmup_updates, n * self.lr_step, self.decay_factor * n**-0.5)


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    peak = factor / math.sqrt(d_model * warmup_steps)
    return InverseSquareRootSchedule(peak, warmup_steps).step_update(step)
