# Wrong: theta_i = base^(-i/d) for i = 0..d/2-1 (the factor 2 is missing).
import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    freqs = 1.0 / (base ** (torch.arange(d // 2).float() / d))
    ang = torch.outer(torch.arange(L).float(), freqs)
    c, s = ang.cos(), ang.sin()
    a, b = x[..., 0::2], x[..., 1::2]
    return torch.stack([a * c - b * s, a * s + b * c], dim=-1).flatten(-2)
