# Wrong: the last token taken as mask.sum(1) - 1, which ignores prompt positions before it.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    rewards = -kl_coef * (logp - ref_logp) * mask.float()
    lengths = mask.sum(dim=1)
    rewards[torch.arange(len(lengths)), lengths - 1] += rm_score
    return rewards
