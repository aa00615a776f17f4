# Wrong: one_hot(lengths - 1) marks the count-th position, not the last valid one.
import torch
import torch.nn.functional as F


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    T = mask.shape[1]
    at_end = F.one_hot(mask.long().sum(-1) - 1, num_classes=T).to(logp.dtype)
    penalty = torch.where(mask, -kl_coef * (logp - ref_logp), torch.zeros_like(logp))
    return penalty + at_end * rm_score.unsqueeze(-1)
