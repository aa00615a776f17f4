# Wrong: the TD errors stop at episode ends, the gamma * lam recursion does not.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    deltas = rewards + gamma * (1 - dones) * values[1:] - values[:-1]
    adv = np.zeros(len(deltas))
    acc = 0.0
    for t in range(len(deltas) - 1, -1, -1):
        acc = deltas[t] + gamma * lam * acc
        adv[t] = acc
    return adv, adv + values[:-1]
