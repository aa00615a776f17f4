# Wrong: the exponent uses the pair index over d, i / d, in a loop over the pairs.
import math

import torch


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    half = d // 2
    first, second = [], []
    for i in range(half):
        theta = math.pow(base, -i / d)
        ang = torch.arange(L, dtype=torch.float64) * theta
        c, s = ang.cos().to(x.dtype)[:, None], ang.sin().to(x.dtype)[:, None]
        u, v = x[..., i : i + 1], x[..., i + half : i + half + 1]
        first.append(u * c - v * s)
        second.append(u * s + v * c)
    return torch.cat(first + second, dim=-1)
