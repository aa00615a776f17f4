# Wrong: exp(-i * ln(base) / d) for pair i: should be exp(-2i * ln(base) / d).
import math

import torch


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    h = d // 2
    i = torch.arange(h, dtype=torch.float64)
    theta = torch.exp(-i * math.log(base) / d)
    ang = torch.arange(L, dtype=torch.float64)[:, None] * theta  # [L, h]
    c, s = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x1, x2 = x[..., :h], x[..., h:]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1)
