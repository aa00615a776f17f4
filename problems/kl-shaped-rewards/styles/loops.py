"""Plain loops: walk each row backwards to its last response token, and build the rewards
position by position into a fresh tensor."""

import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    B, T = logp.shape
    rewards = torch.zeros(B, T, dtype=logp.dtype)
    for b in range(B):
        for t in range(T):
            if mask[b, t]:
                rewards[b, t] = -kl_coef * (logp[b, t] - ref_logp[b, t])
        t = T - 1
        while not mask[b, t]:
            t -= 1
        rewards[b, t] += rm_score[b]
    return rewards
