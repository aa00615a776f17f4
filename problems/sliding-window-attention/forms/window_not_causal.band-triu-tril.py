# Wrong: the band is cut on both sides at distance window - 1, future included.
import math

import torch


def sliding_window_attention(q, k, v, window):
    L = q.size(-2)
    ones = torch.ones(L, L, dtype=torch.bool)
    band = torch.triu(ones, diagonal=-(window - 1)) & torch.tril(ones, diagonal=window - 1)
    scores = torch.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(q.size(-1))
    scores = torch.where(band, scores, torch.full_like(scores, -1e9))
    return torch.einsum("bhij,bhjd->bhid", scores.softmax(-1), v)
