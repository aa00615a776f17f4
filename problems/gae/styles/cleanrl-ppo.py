"""Adapted from CleanRL, `cleanrl/ppo.py` (vwxyzjn/cleanrl, read 2026-12): the "bootstrap
value if not done" block, with its names (next_value, lastgaelam, nextnonterminal,
nextvalues, delta) and the one-line update of advantages[t] and lastgaelam. Changed: CleanRL
stores dones[t] = "obs[t] starts a new episode" (the done of the previous step), so it reads
1 - dones[t + 1] and, at the last step, 1 - next_done; in this contract dones[t] is the done
of step t itself, so nextnonterminal is 1 - dones[t] at every step. next_value is values[T];
one environment instead of a [num_steps, num_envs] buffer; numpy instead of torch."""

import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    num_steps = len(rewards)
    next_value = values[num_steps]
    values = values[:num_steps]
    advantages = np.zeros_like(rewards)
    lastgaelam = 0
    for t in reversed(range(num_steps)):
        nextnonterminal = 1.0 - dones[t]
        if t == num_steps - 1:  # noqa: SIM108 - CleanRL's layout
            nextvalues = next_value
        else:
            nextvalues = values[t + 1]
        delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
        advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
    returns = advantages + values
    return advantages, returns
