"""RoPE as the block rotation matrix of the RoFormer paper, built explicitly: a [L, d, d]
matrix R_p (a 2x2 rotation on every (i, i + d/2) pair, here with the half-split indices) and
out = einsum('...ld,led->...le'). Quadratic in d, but the definition made literal."""

import torch


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    h = d // 2
    theta = 1.0 / base ** (torch.arange(h, dtype=torch.float64) * 2 / d)
    ang = torch.arange(L, dtype=torch.float64)[:, None] * theta  # [L, h]
    c, s = ang.cos(), ang.sin()
    R = torch.zeros(L, d, d, dtype=torch.float64)  # R[p, in, out]
    i = torch.arange(h)
    R[:, i, i] = c
    R[:, i + h, i + h] = c
    R[:, i + h, i] = -s  # out_i gets -sin * x_{i+h}
    R[:, i, i + h] = s  # out_{i+h} gets +sin * x_i
    return torch.einsum("...ld,lde->...le", x.double(), R).to(x.dtype)
