# Wrong: verl's "token-mean" aggregation (masked_mean over the whole batch) for both terms.
import torch


def masked_mean(values, mask):
    return (values * mask).sum() / mask.sum()


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    response_mask = mask.float()
    ratio = torch.exp(logp - old_logp)
    a = advantages.unsqueeze(-1)
    pg_losses = torch.maximum(-a * ratio, -a * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps))
    kl = ref_logp - logp
    kld = torch.exp(kl) - kl - 1
    return masked_mean(pg_losses, response_mask) + beta * masked_mean(kld, response_mask)
