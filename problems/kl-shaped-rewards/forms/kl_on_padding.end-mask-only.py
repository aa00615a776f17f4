# Wrong: only the score is placed with the mask; the KL term covers all B x T positions.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    nxt = torch.zeros_like(mask)
    nxt[:, :-1] = mask[:, 1:]
    end = (mask & ~nxt).float()
    return end * rm_score[:, None] + kl_coef * (ref_logp - logp)
