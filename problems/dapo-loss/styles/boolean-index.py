"""Vectorised with boolean indexing: the valid tokens are pulled out into one flat vector,
so the token-level mean is a plain .mean() and padding cannot leak into it."""

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    a = advantages[:, None].expand_as(logp)[mask]  # [N] valid tokens only
    ratio = (logp[mask] - old_logp[mask]).exp()  # [N]
    surr = torch.min(ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a)
    return -surr.mean()
