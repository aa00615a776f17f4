# Wrong: TRL's response-level loop copied as is: no dones, so episodes bleed into each other.
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    lastgaelam = 0
    advantages_reversed = []
    gen_length = len(rewards)
    for t in reversed(range(gen_length)):
        nextvalues = values[t + 1]
        delta = rewards[t] + gamma * nextvalues - values[t]
        lastgaelam = delta + gamma * lam * lastgaelam
        advantages_reversed.append(lastgaelam)
    advantages = np.stack(advantages_reversed[::-1])
    return advantages, advantages + values[:gen_length]
