"""Trusted reference: rotary position embedding as in the RoFormer paper and Meta's original
LLaMA code, neighbouring features (2i, 2i+1) rotated together, in float64."""

import torch


def apply_rope_interleaved(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    """Rotate pairs (x[..., 2i], x[..., 2i+1]) of every position p by p * base^(-2i/d)."""
    length, dim = x.shape[-2], x.shape[-1]
    inv_freq = base ** (-torch.arange(dim // 2, dtype=torch.float64) * 2 / dim)  # [d/2]
    angles = torch.outer(torch.arange(length, dtype=torch.float64), inv_freq)  # [L, d/2]
    cos, sin = angles.cos(), angles.sin()
    x64 = x.to(torch.float64)
    even, odd = x64[..., 0::2], x64[..., 1::2]  # [..., L, d/2]
    out = torch.stack([even * cos - odd * sin, even * sin + odd * cos], dim=-1)  # [..., L, d/2, 2]
    return out.flatten(-2).to(x.dtype)
