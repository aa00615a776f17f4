# Wrong: each row's masked sum is divided by T, the padded length, not its own token count.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - clip_eps, 1 + clip_eps)
    a = advantages.unsqueeze(1)
    per_token_loss = -torch.min(coef_1 * a, coef_2 * a)
    per_token_kl = torch.exp(ref_logp - logp) - (ref_logp - logp) - 1
    per_token_loss = per_token_loss + beta * per_token_kl
    T = logp.shape[1]
    return ((per_token_loss * mask.float()).sum(-1) / T).mean()
