# Wrong: |i - j| < window is a two-sided window.
import math

import torch


def sliding_window_attention(q, k, v, window):
    pos = torch.arange(q.size(-2))
    mask = (pos[:, None] - pos[None, :]).abs() < window
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    return torch.softmax(scores.masked_fill(~mask, -1e9), dim=-1) @ v
