# Wrong: at a done the next value is replaced by 0, but the advantage recursion is not reset.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    next_v = np.where(dones > 0, 0.0, values[1:])
    adv = np.zeros(T)
    gae = 0.0
    for t in reversed(range(T)):
        gae = rewards[t] + gamma * next_v[t] - values[t] + gamma * lam * gae
        adv[t] = gae
    return adv, adv + values[:T]
