# Wrong: A_t = sum_k (gamma * lam)^k delta_{t+k} over the whole rollout, across episode ends.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    steps = len(rewards)
    deltas = rewards + gamma * values[1:] - values[:-1]
    t = np.arange(steps)
    power = t[None, :] - t[:, None]
    weights = np.where(power >= 0, (gamma * lam) ** np.maximum(power, 0), 0.0)
    advantages = weights @ deltas
    return advantages, advantages + values[:-1]
