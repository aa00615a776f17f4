"""A whiteboard version: a loop over the neighbouring pairs (2i, 2i+1), each rotated by the
2x2 matrix with angle p / base^(2i/d), vectorised only over positions and leading dims."""

import torch


def apply_rope_interleaved(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    L, d = x.shape[-2], x.shape[-1]
    pos = torch.arange(L, dtype=torch.float64).unsqueeze(-1)  # [L, 1]
    feats = []
    for i in range(d // 2):
        angle = pos / base ** (2 * i / d)
        c, s = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
        a, b = x[..., 2 * i : 2 * i + 1], x[..., 2 * i + 1 : 2 * i + 2]  # [..., L, 1]
        feats += [a * c - b * s, a * s + b * c]
    return torch.cat(feats, dim=-1)
