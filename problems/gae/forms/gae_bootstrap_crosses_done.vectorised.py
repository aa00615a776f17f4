# Wrong: TD errors computed for all steps at once with no done mask; only the recursion is cut.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    td = rewards + gamma * values[1:] - values[:-1]
    keep = gamma * lam * (1.0 - dones)
    out = np.zeros_like(td)
    nxt = 0.0
    for t in range(len(td))[::-1]:
        nxt = td[t] + keep[t] * nxt
        out[t] = nxt
    return out, out + values[:-1]
