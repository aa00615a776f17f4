# Wrong: GAE advantages are right, but the value targets are reward-to-go sums.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    adv = np.zeros(T)
    ret = np.zeros(T)
    last_adv, last_ret = 0.0, 0.0
    for t in reversed(range(T)):
        nonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * nonterminal - values[t]
        last_adv = delta + gamma * lam * nonterminal * last_adv
        last_ret = rewards[t] + gamma * nonterminal * last_ret
        adv[t], ret[t] = last_adv, last_ret
    return adv, ret
