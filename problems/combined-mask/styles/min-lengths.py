"""One comparison: key j is allowed when j <= min(i, length - 1), computed with
torch.minimum on a [B, L, 1] table of each query's last visible key."""

import torch


def combined_mask(lengths: torch.LongTensor, max_len: int) -> torch.BoolTensor:
    q = torch.arange(max_len).view(1, max_len, 1)  # [1, Lq, 1]
    last_visible = torch.minimum(q, lengths.view(-1, 1, 1) - 1)  # [B, Lq, 1]
    k = torch.arange(max_len).view(1, 1, max_len)  # [1, 1, Lk]
    return (k <= last_visible)[:, None]
