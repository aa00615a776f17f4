"""The clip done on the log-ratio: log r is clamped to [log(1 - eps_low), log(1 + eps_high)]
before exp, which is the same as clamping r; a masked_fill zeroes the padded tokens and
torch.count_nonzero counts the valid ones."""

import math

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    log_ratio = logp - old_logp
    bounded = log_ratio.clamp(math.log(1 - eps_low), math.log(1 + eps_high))
    adv = advantages.view(-1, 1)
    surrogate = torch.minimum(log_ratio.exp() * adv, bounded.exp() * adv)
    surrogate = surrogate.masked_fill(~mask, 0.0)
    return -surrogate.sum() / torch.count_nonzero(mask)
