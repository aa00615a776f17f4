# Wrong: the textbook formula for one endless episode; `dones` is never read.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    delta = rewards + gamma * values[1:] - values[:-1]
    A = np.zeros(T + 1)
    for t in range(T - 1, -1, -1):
        A[t] = delta[t] + gamma * lam * A[t + 1]
    return A[:T], A[:T] + values[:T]
