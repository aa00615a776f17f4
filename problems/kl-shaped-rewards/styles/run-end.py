"""Find where each response ends: a position is the last one when it is valid and the next one
is not (the mask shifted left by one, with a False appended). The response tokens of a row
are contiguous, so this marks exactly one position per row; the score is broadcast there."""

import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    next_valid = torch.cat([mask[:, 1:], torch.zeros_like(mask[:, :1])], dim=1)
    is_end = (mask & ~next_valid).to(logp.dtype)  # [B, T], one 1 per row
    penalty = -kl_coef * (logp - ref_logp) * mask.to(logp.dtype)
    return penalty + is_end * rm_score[:, None]
