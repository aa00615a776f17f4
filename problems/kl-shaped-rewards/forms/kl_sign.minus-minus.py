# Wrong: kl written as ref - logp and then subtracted, so the penalty becomes a bonus.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    kl = (ref_logp - logp) * mask
    is_end = mask & ~torch.cat([mask[:, 1:], torch.zeros_like(mask[:, :1])], dim=1)
    return -kl_coef * kl + is_end * rm_score[:, None]
