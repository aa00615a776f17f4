import math

import torch


def attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None
) -> torch.Tensor:
    """softmax(q kᵀ / √d_k) v, with the scores replaced by -1e9 where mask is False."""
    # transpose(-2, -1) swaps only the last two axes, so any leading [B] or [B, h] stays put.
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])  # [..., Lq, Lk], d_k = q.shape[-1]
    if mask is not None:
        # masked_fill returns a new tensor (the inputs stay untouched for autograd), so
        # assign it. A large finite value rather than -inf keeps a fully blocked row
        # finite instead of NaN.
        scores = scores.masked_fill(mask == 0, -1e9)
    # Softmax over the keys (torch subtracts the row maximum itself), then average the values.
    return torch.softmax(scores, dim=-1) @ v  # [..., Lq, dv]
