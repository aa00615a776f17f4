"""Trusted reference for gae: Generalized Advantage Estimation (Schulman et al. 2016, eq. 16),
computed backwards in float64 with the episode boundaries of `dones`."""

import numpy as np


def compute_gae(
    rewards: np.ndarray,
    values: np.ndarray,
    dones: np.ndarray,
    gamma: float = 0.99,
    lam: float = 0.95,
) -> tuple[np.ndarray, np.ndarray]:
    """Advantages and value targets [T] from rewards [T], values [T + 1] and dones [T]."""
    rewards = np.asarray(rewards, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    dones = np.asarray(dones, dtype=np.float64)
    steps = rewards.shape[0]
    advantages = np.zeros(steps)
    last = 0.0  # A_{t+1}; A_T = 0
    for t in reversed(range(steps)):
        alive = 1.0 - dones[t]  # 0 when step t ended its episode
        delta = rewards[t] + gamma * values[t + 1] * alive - values[t]
        last = delta + gamma * lam * alive * last
        advantages[t] = last
    return advantages, advantages + values[:steps]
