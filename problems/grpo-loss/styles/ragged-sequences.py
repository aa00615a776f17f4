"""Ragged: each completion is unpadded to its own 1-D tensor of valid tokens (as packed
samples are handled), its loss averaged, and the per-completion losses stacked."""

import torch


def _sequence_loss(lp, old, ref, a, clip_eps, beta):
    ratio = torch.exp(lp - old)
    surrogate = torch.min(ratio * a, ratio.clamp(1 - clip_eps, 1 + clip_eps) * a)
    kl = torch.exp(ref - lp) - (ref - lp) - 1
    return (beta * kl - surrogate).mean()


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    losses = [
        _sequence_loss(
            logp[b][keep], old_logp[b][keep], ref_logp[b][keep], advantages[b], clip_eps, beta
        )
        for b, keep in enumerate(mask)
        if keep.any()
    ]
    if not losses:
        return (logp * 0.0).sum()
    return torch.stack(losses).mean()
