# Wrong: the loop over pairs uses base ** (i / d), forgetting that pair i is dims 2i, 2i+1.

import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    pos = torch.arange(L, dtype=x.dtype)[:, None]  # [L, 1]
    cols = []
    for i in range(d // 2):
        angle = pos / base ** (i / d)
        c, s = torch.cos(angle), torch.sin(angle)
        a, b = x[..., 2 * i : 2 * i + 1], x[..., 2 * i + 1 : 2 * i + 2]
        cols += [a * c - b * s, a * s + b * c]
    return torch.cat(cols, dim=-1)
