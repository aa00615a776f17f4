# Wrong: torch.where(mask, -inf, scores) blocks the allowed positions.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    n_rep = q.shape[1] // k.shape[1]
    k = torch.repeat_interleave(k, n_rep, dim=1)
    v = torch.repeat_interleave(v, n_rep, dim=1)
    scores = q @ k.transpose(-2, -1) / math.sqrt(k.shape[-1])
    if mask is not None:
        scores = torch.where(mask, float("-inf"), scores)
    return torch.softmax(scores, dim=-1) @ v
