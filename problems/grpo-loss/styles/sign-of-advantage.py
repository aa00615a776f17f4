"""The clipped surrogate written by the sign of the advantage, as in the PPO paper's
remark (and the (1 + sgn(A) eps) form of DeepSeekMath's PPO objective): for A > 0 the ratio
is capped at 1 + eps, for A < 0 it is floored at 1 - eps; the per-row mean uses einsum."""

import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = (logp - old_logp).exp()  # [B, T]
    adv = advantages.view(-1, 1).expand_as(ratio)
    capped = torch.where(adv > 0, ratio.clamp(max=1 + clip_eps), ratio.clamp(min=1 - clip_eps))
    surrogate = capped * adv
    log_ratio_ref = ref_logp - logp
    kl = log_ratio_ref.exp() - log_ratio_ref - 1
    loss_bt = beta * kl - surrogate
    m = mask.to(loss_bt.dtype)
    lengths = m.sum(1)
    sums = torch.einsum("bt,bt->b", loss_bt, m)
    rows = lengths > 0
    return (sums[rows] / lengths[rows]).sum() / rows.sum().clamp(min=1)
