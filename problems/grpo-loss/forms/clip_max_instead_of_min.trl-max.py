# Wrong: -torch.max of the two surrogates instead of -torch.min.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    per_token_kl = torch.exp(ref_logp - logp) - (ref_logp - logp) - 1
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - clip_eps, 1 + clip_eps)
    per_token_loss1 = coef_1 * advantages.unsqueeze(1)
    per_token_loss2 = coef_2 * advantages.unsqueeze(1)
    per_token_loss = -torch.max(per_token_loss1, per_token_loss2) + beta * per_token_kl
    m = mask.float()
    rows = m.sum(-1) > 0
    per_seq = (per_token_loss * m).sum(-1) / m.sum(-1).clamp(min=1.0)
    return per_seq[rows].mean()
