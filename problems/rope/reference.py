"""Trusted reference: rotary position embedding with the half-split pairing of GPT-NeoX and
Hugging Face's LLaMA (`rotate_half`), the angles and the rotation computed in float64."""

import torch


def apply_rope(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    """Rotate pairs (x[..., i], x[..., i + d/2]) of every position p by p * base^(-2i/d)."""
    length, dim = x.shape[-2], x.shape[-1]
    half = dim // 2
    inv_freq = base ** (-torch.arange(half, dtype=torch.float64) * 2 / dim)  # [d/2]
    pos = torch.arange(length, dtype=torch.float64)  # [L]
    angles = torch.outer(pos, inv_freq)  # [L, d/2]
    angles = torch.cat([angles, angles], dim=-1)  # [L, d]
    x64 = x.to(torch.float64)
    rotated = torch.cat([-x64[..., half:], x64[..., :half]], dim=-1)  # rotate_half, [..., L, d]
    out = x64 * angles.cos() + rotated * angles.sin()
    return out.to(x.dtype)
