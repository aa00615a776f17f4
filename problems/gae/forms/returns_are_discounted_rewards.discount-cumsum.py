# Wrong: a Spinning Up-like discount_cumsum of the rewards (reset at dones) as the returns.
import numpy as np


def discount_cumsum(x, discount, dones):
    out = np.zeros_like(x)
    running = 0.0
    for i in reversed(range(len(x))):
        running = x[i] + discount * (1.0 - dones[i]) * running
        out[i] = running
    return out


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    alive = 1.0 - dones
    deltas = rewards + gamma * values[1:] * alive - values[:-1]
    adv = np.zeros_like(deltas)
    acc = 0.0
    for t in reversed(range(len(deltas))):
        acc = deltas[t] + gamma * lam * alive[t] * acc
        adv[t] = acc
    return adv, discount_cumsum(rewards, gamma, dones)
