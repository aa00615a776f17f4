"""Frequencies in log space, exp(-2i * ln(base) / d), the way the sinusoidal-encoding code of
the Annotated Transformer writes div_term; then the two halves rotated explicitly as
(x1 cos - x2 sin, x2 cos + x1 sin), all in float32."""

import math

import torch


def apply_rope(x, base=10000.0):
    seq_len, dim = x.shape[-2], x.shape[-1]
    div_term = torch.exp(torch.arange(0, dim, 2).float() * (-math.log(base) / dim))
    position = torch.arange(0, seq_len).float().unsqueeze(1)
    angle = position * div_term  # [L, d/2]
    cos, sin = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
    x1, x2 = x[..., : dim // 2], x[..., dim // 2 :]
    return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)
