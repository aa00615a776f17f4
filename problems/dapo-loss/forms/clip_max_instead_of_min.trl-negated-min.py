# Wrong: TRL-style per-token loss, but the min is taken of the negated terms.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - eps_low, 1 + eps_high)
    a = advantages.unsqueeze(1)
    per_token_loss = torch.min(-coef_1 * a, -coef_2 * a)
    completion_mask = mask.float()
    return (per_token_loss * completion_mask).sum() / completion_mask.sum().clamp(min=1.0)
