import math

import torch
from torch import Tensor


def sliding_window_attention(q: Tensor, k: Tensor, v: Tensor, window: int) -> Tensor:
    length = q.size(-2)
    i = torch.arange(length, device=q.device).unsqueeze(1)  # query positions [L, 1]
    j = torch.arange(length, device=q.device).unsqueeze(0)  # key positions [1, L]
    # Causal (j <= i) and at most window - 1 steps back: the window counts the query itself.
    allowed = (j <= i) & (i - j < window)  # [L, L], broadcasts over B and H

    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))  # [B, H, L, L]
    scores = scores.masked_fill(~allowed, -1e9)  # the diagonal is always allowed: no empty row
    return torch.softmax(scores, dim=-1) @ v  # [B, H, L, d]
