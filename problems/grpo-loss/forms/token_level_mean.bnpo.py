# Wrong: one token-level mean over the whole batch (TRL's bnpo), not a mean per sequence.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    completion_mask = mask.float()
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - clip_eps, 1 + clip_eps)
    per_token_loss = -torch.min(coef_1 * advantages.unsqueeze(1), coef_2 * advantages.unsqueeze(1))
    per_token_kl = torch.exp(ref_logp - logp) - (ref_logp - logp) - 1
    per_token_loss = per_token_loss + beta * per_token_kl
    return (per_token_loss * completion_mask).sum() / completion_mask.sum().clamp(min=1.0)
