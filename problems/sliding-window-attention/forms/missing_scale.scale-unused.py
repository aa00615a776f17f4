# Wrong: scale is computed, never applied.
import math

import torch
import torch.nn.functional as F


def sliding_window_attention(q, k, v, window):
    scale = 1.0 / math.sqrt(q.size(-1))  # noqa: F841
    L = q.size(2)
    causal = torch.tril(torch.ones(L, L, dtype=torch.bool))
    local = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=-(window - 1))
    att = q @ k.transpose(-2, -1)
    att = att.masked_fill(~(causal & local), float("-inf"))
    return F.softmax(att, dim=-1) @ v
