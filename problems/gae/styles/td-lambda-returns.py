"""The lambda-return form (Sutton and Barto, ch. 12; SB3's docstring calls GAE's returns the
TD(lambda) estimator): G_t = r_t + gamma (1 - d_t) [(1 - lam) V_{t+1} + lam G_{t+1}],
G_T = V_T, computed first; the advantages are then G - V."""

import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    steps = len(rewards)
    lam_returns = np.empty(steps)
    g = values[steps]
    for t in range(steps - 1, -1, -1):
        g = rewards[t] + gamma * (1 - dones[t]) * ((1 - lam) * values[t + 1] + lam * g)
        lam_returns[t] = g
    return lam_returns - values[:steps], lam_returns
