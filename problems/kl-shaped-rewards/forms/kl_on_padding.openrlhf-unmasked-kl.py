# Wrong: OpenRLHF's compute_reward fed a k1 that was never multiplied by the action mask.
import torch


def compute_reward(r, kl_coef, kl, action_mask):
    kl_reward = -kl_coef * kl
    eos_indices = action_mask.size(1) - 1 - action_mask.long().fliplr().argmax(dim=1, keepdim=True)
    last_reward = torch.zeros_like(kl).scatter_(dim=1, index=eos_indices, src=r.unsqueeze(1))
    return last_reward + kl_reward


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    kl = logp.float() - ref_logp.float()
    return compute_reward(rm_score, kl_coef, kl, mask)
