"""Padding as NaN: masked-out tokens are set to NaN and torch.nanmean averages each row over
its valid tokens; a row with no valid token is NaN itself, so a second nanmean over the
rows leaves it out. torch.where keeps NaN out of the gradient."""

import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    a = advantages[:, None]
    surrogate = torch.minimum(ratio * a, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * a)
    kl = torch.expm1(ref_logp - logp) - (ref_logp - logp)
    per_token = beta * kl - surrogate
    padded = torch.where(mask, per_token, torch.full_like(per_token, float("nan")))
    per_row = padded.nanmean(dim=1)  # [B], NaN for a row with no valid token
    if not mask.any():
        return per_token.sum() * 0.0
    return per_row.nanmean()
