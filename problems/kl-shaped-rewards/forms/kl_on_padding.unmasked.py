# Wrong: -kl_coef * (logp - ref_logp) on every position, prompt and padding included.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    B, T = mask.shape
    rewards = -kl_coef * (logp - ref_logp)
    last = torch.where(mask, torch.arange(T).expand(B, T), -1).amax(dim=1)
    rewards[torch.arange(B), last] += rm_score
    return rewards
