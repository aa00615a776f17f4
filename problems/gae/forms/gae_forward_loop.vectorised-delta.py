# Wrong: the TD errors are right, but they are accumulated from t = 0 upwards.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    mask = 1.0 - dones
    deltas = rewards + gamma * values[1:] * mask - values[:-1]
    adv = np.empty_like(deltas)
    running = 0.0
    for t, (d, m) in enumerate(zip(deltas, mask, strict=True)):
        running = d + gamma * lam * m * running
        adv[t] = running
    return adv, adv + values[:-1]
