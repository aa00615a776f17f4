# Wrong: TRL-style list of advantages, but built in time order, so nothing needs reversing.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    lastgaelam = 0.0
    advantages = []
    for t in range(len(rewards)):
        nonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * nonterminal - values[t]
        lastgaelam = delta + gamma * lam * nonterminal * lastgaelam
        advantages.append(lastgaelam)
    advantages = np.array(advantages)
    return advantages, advantages + values[: len(rewards)]
