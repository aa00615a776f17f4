# Wrong: compute_approx_kl(ref, policy) gives ref - logp, and -kl_coef * kl flips the penalty.
import torch


def compute_approx_kl(log_probs, log_probs_base):
    return log_probs.float() - log_probs_base.float()


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    kl = compute_approx_kl(ref_logp, logp) * mask
    kl_reward = -kl_coef * kl
    eos_indices = mask.size(1) - 1 - mask.long().fliplr().argmax(dim=1, keepdim=True)
    last_reward = torch.zeros_like(kl).scatter_(1, eos_indices, rm_score.unsqueeze(1))
    return last_reward + kl_reward
