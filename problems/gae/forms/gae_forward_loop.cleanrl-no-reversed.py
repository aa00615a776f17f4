# Wrong: CleanRL's loop with `reversed` dropped, so lastgaelam carries the past forward.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    num_steps = len(rewards)
    advantages = np.zeros(num_steps)
    lastgaelam = 0
    for t in range(num_steps):
        nextnonterminal = 1.0 - dones[t]
        nextvalues = values[t + 1]
        delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
        advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
    return advantages, advantages + values[:num_steps]
