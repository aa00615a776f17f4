import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    advantages = np.zeros(T)
    next_adv = 0.0  # A_T = 0: nothing after the rollout
    # Backwards in time: A_t needs A_{t+1}.
    for t in reversed(range(T)):
        nonterminal = 1.0 - dones[t]  # step t ended an episode: no future across it
        # TD error: bootstrap from V(s_{t+1}) only if the episode goes on.
        delta = rewards[t] + gamma * values[t + 1] * nonterminal - values[t]
        # Exponentially weighted sum of TD errors, cut at episode ends.
        next_adv = delta + gamma * lam * nonterminal * next_adv
        advantages[t] = next_adv
    # Value targets: the TD(lambda) returns.
    returns = advantages + values[:T]
    return advantages, returns
