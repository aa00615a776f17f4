# Wrong: theta_i = base^(-i/d) with i = 0..d/2-1 (the factor 2 is missing).
import torch


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2:]
    inv_freq = 1.0 / base ** (torch.arange(d // 2).float() / d)
    freqs = torch.outer(torch.arange(L).float(), inv_freq)
    emb = torch.cat([freqs, freqs], dim=-1)
    return x * emb.cos() + rotate_half(x) * emb.sin()
