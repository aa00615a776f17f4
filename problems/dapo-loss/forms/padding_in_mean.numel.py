# Wrong: divides the masked sum by mask.numel() instead of mask.sum().
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - eps_low, 1 + eps_high)
    a = advantages.unsqueeze(1)
    per_token_loss = -torch.min(coef_1 * a, coef_2 * a)
    return (per_token_loss * mask).sum() / mask.numel()
