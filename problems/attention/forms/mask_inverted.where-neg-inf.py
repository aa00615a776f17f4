# Wrong: torch.where puts -inf where the mask is True (allowed) and keeps the blocked scores.
import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(k.size(-1))
    if mask is not None:
        scores = torch.where(mask, torch.tensor(float("-inf")), scores)
    attn = torch.softmax(scores, dim=-1)
    return torch.matmul(attn, v)
