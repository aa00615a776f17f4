"""Vectorised, no Python loop over time: all TD errors at once, then A = W @ delta where
W[t, k] = prod_{j=t}^{k-1} gamma * lam * (1 - d_j) for k >= t, built as a reverse cumulative
product along each row (a done makes every later entry of the row 0). O(T^2) memory."""

import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    steps = len(rewards)
    alive = 1.0 - dones
    deltas = rewards + gamma * values[1:] * alive - values[:-1]  # [T]
    coef = gamma * lam * alive  # [T]
    upper = np.arange(steps)[None, :] >= np.arange(steps)[:, None]  # [T, T], k >= t
    factors = np.where(upper, coef[None, :], 1.0)
    products = np.cumprod(factors, axis=1)  # [t, k]: prod_{j=t}^{k} c_j
    weights = np.triu(np.concatenate([np.ones((steps, 1)), products[:, :-1]], axis=1))
    advantages = weights @ deltas
    return advantages, advantages + values[:-1]
