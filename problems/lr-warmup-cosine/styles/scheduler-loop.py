"""A scheduler object without torch.optim.lr_scheduler: it keeps last_step, step() advances
it, and get_lr() computes the rate from it, as a training loop would call it once per
iteration; here the object is moved to each requested step in turn."""

import math

import numpy as np


class WarmupCosine:
    def __init__(self, peak_lr, warmup_steps, total_steps, min_lr=0.0):
        self.peak_lr, self.min_lr = peak_lr, min_lr
        self.warmup_steps, self.total_steps = warmup_steps, total_steps
        self.last_step = 0

    def step(self):
        self.last_step += 1

    def get_lr(self):
        t = self.last_step
        if t < self.warmup_steps:
            return self.peak_lr * t / self.warmup_steps
        length = max(1, self.total_steps - self.warmup_steps)
        done = min(t - self.warmup_steps, length)  # held at the end once training is over
        scale = (1 + math.cos(math.pi * done / length)) / 2
        return self.min_lr + (self.peak_lr - self.min_lr) * scale


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    sched = WarmupCosine(peak_lr, warmup_steps, total_steps, min_lr)
    out = []
    for target in step.reshape(-1).tolist():
        sched.last_step = target - 1
        sched.step()
        out.append(sched.get_lr())
    return np.array(out, dtype=np.float64).reshape(step.shape)
