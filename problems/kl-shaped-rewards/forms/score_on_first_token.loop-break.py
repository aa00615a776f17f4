# Wrong: the loop walks forwards and breaks at the first valid token.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    B, T = logp.shape
    rewards = torch.where(mask, -kl_coef * (logp - ref_logp), torch.zeros_like(logp))
    for i in range(B):
        for t in range(T):
            if mask[i, t]:
                rewards[i, t] += rm_score[i]
                break
    return rewards
