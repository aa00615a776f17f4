# Wrong: torch.where keeps the scores where the key is outside the window.
import math

import torch


def sliding_window_attention(q, k, v, window):
    L = q.shape[2]
    dist = torch.arange(L).unsqueeze(1) - torch.arange(L).unsqueeze(0)
    outside = (dist < 0) | (dist >= window)
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
    scores = torch.where(outside, scores, torch.full_like(scores, -1e9))
    return torch.matmul(torch.softmax(scores, dim=-1), v)
