# Wrong: TRL's reduction as is: an empty row becomes 0 / 1 = 0 and still enters the .mean().
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    completion_mask = mask.float()
    per_token_kl = torch.exp(ref_logp - logp) - (ref_logp - logp) - 1
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - clip_eps, 1 + clip_eps)
    per_token_loss1 = coef_1 * advantages.unsqueeze(1)
    per_token_loss2 = coef_2 * advantages.unsqueeze(1)
    per_token_loss = -torch.min(per_token_loss1, per_token_loss2) + beta * per_token_kl
    return (
        (per_token_loss * completion_mask).sum(-1) / completion_mask.sum(-1).clamp(min=1.0)
    ).mean()
