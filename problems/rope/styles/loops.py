"""A whiteboard version: a loop over the d/2 pairs, each pair (i, i + d/2) rotated by the
2-D rotation matrix with its own angle p * theta_i (math.pow for theta_i), vectorised only
over the positions and the leading dims."""

import math

import torch


def apply_rope(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    L, d = x.shape[-2], x.shape[-1]
    half = d // 2
    positions = torch.arange(L, dtype=torch.float64)
    first, second = [], []
    for i in range(half):
        angle = positions * math.pow(base, -2 * i / d)  # [L]
        c = angle.cos().to(x.dtype).unsqueeze(-1)  # [L, 1]
        s = angle.sin().to(x.dtype).unsqueeze(-1)
        a, b = x[..., i : i + 1], x[..., i + half : i + half + 1]  # [..., L, 1]
        first.append(a * c - b * s)
        second.append(a * s + b * c)
    return torch.cat(first + second, dim=-1)
