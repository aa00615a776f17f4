# Wrong: OpenRLHF's eos_indices written without fliplr and the size(1) - 1 - ... around it.
import torch


def compute_reward(r, kl_coef, kl, action_mask):
    kl_reward = -kl_coef * kl
    eos_indices = action_mask.long().argmax(dim=1, keepdim=True)
    last_reward = torch.zeros_like(kl).scatter_(dim=1, index=eos_indices, src=r.unsqueeze(1))
    return last_reward + kl_reward


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    kl = (logp - ref_logp) * mask
    return compute_reward(rm_score, kl_coef, kl, mask)
