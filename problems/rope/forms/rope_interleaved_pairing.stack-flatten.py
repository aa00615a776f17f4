# Wrong: pairs neighbouring dims (2i, 2i+1) instead of (i, i + d/2).
import torch


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    theta = base ** (-torch.arange(0, d, 2).float() / d)
    angle = torch.arange(L).float()[:, None] * theta[None, :]  # [L, d/2]
    cos, sin = angle.cos(), angle.sin()
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = torch.stack([x_even * cos - x_odd * sin, x_even * sin + x_odd * cos], dim=-1)
    return out.flatten(-2)
