import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    """Generalized Advantage Estimation over one rollout.

    rewards: float64 [T]; values: float64 [T + 1], values[T] is the bootstrap value of the
    state after the last step; dones: float64 [T], 1.0 where step t ended an episode.
    Returns: (advantages, returns), both float64 [T].
    """
    T = len(rewards)
    # TODO: TD errors delta_t = r_t + gamma * V_{t+1} * (1 - d_t) - V_t
    # TODO: A_t = delta_t + gamma * lam * (1 - d_t) * A_{t+1}, from t = T - 1 down to 0
    # TODO: returns = advantages + V[:T]
    return np.zeros(T), np.zeros(T)
