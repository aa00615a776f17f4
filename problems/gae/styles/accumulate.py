"""Functional style: the TD errors vectorised, then the backward recursion as an
itertools.accumulate over the reversed sequence of (delta_t, gamma * lam * (1 - d_t))."""

from itertools import accumulate

import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    not_done = 1.0 - np.asarray(dones, dtype=float)
    delta = rewards + gamma * not_done * values[1:] - values[:-1]
    steps = zip(delta[::-1], (gamma * lam * not_done)[::-1], strict=True)
    backwards = accumulate(steps, lambda acc, step: (step[0] + step[1] * acc[0], 0.0))
    advantages = np.array([a for a, _ in backwards])[::-1]
    return advantages, advantages + values[: len(rewards)]
