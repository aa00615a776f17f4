"""The DAPO objective (Yu et al. 2025, section 3) as loops: for every response o_i and every
token t of it, min(r_{i,t} A_i, clip(r_{i,t}, 1 - eps_low, 1 + eps_high) A_i), summed
over all tokens of all responses and divided by sum_i |o_i|; the loss is its negative."""

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    total = logp.new_zeros(())
    n_tokens = 0
    for i in range(logp.shape[0]):
        a = advantages[i]
        for t in range(logp.shape[1]):
            if not mask[i, t]:
                continue
            r = torch.exp(logp[i, t] - old_logp[i, t])
            r_clip = torch.clamp(r, 1 - eps_low, 1 + eps_high)
            total = total + torch.minimum(r * a, r_clip * a)
            n_tokens += 1
    return -total / n_tokens
