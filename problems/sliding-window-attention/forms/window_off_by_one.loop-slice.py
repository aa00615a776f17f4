# Wrong: the slice starts at i - window, one key too early.
import math

import torch


def sliding_window_attention(q, k, v, window):
    length = q.size(2)
    outs = []
    for i in range(length):
        start = max(0, i - window)
        s = q[:, :, i : i + 1] @ k[:, :, start : i + 1].transpose(-2, -1) / math.sqrt(q.size(-1))
        outs.append(torch.softmax(s, dim=-1) @ v[:, :, start : i + 1])
    return torch.cat(outs, dim=2)
