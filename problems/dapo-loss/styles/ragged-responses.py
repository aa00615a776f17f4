"""Ragged: each response cut to its own valid tokens, the pieces concatenated into one
sequence of all the batch's tokens, then one mean. Written the way a candidate who thinks
of responses as Python lists of different lengths would."""

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    pieces = []
    for row_logp, row_old, row_mask, adv in zip(logp, old_logp, mask, advantages, strict=True):
        ratio = torch.exp(row_logp[row_mask] - row_old[row_mask])
        clipped = ratio.clamp(1 - eps_low, 1 + eps_high)
        pieces.append(torch.minimum(ratio * adv, clipped * adv))
    return -torch.cat(pieces).mean()
