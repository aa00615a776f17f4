# Wrong: CleanRL's loop with nextnonterminal left out of the TD error only.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    num_steps = len(rewards)
    advantages = np.zeros(num_steps)
    lastgaelam = 0
    for t in reversed(range(num_steps)):
        nextnonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
    return advantages, advantages + values[:num_steps]
