"""The RoFormer paper's sparse block-diagonal matrix R_p, built densely per position
([L, d, d], a 2x2 rotation on every neighbouring pair) and applied with einsum: the
definition made literal, in float64."""

import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    theta = base ** (-torch.arange(d // 2, dtype=torch.float64) * 2 / d)
    ang = torch.arange(L, dtype=torch.float64)[:, None] * theta  # [L, d/2]
    c, s = ang.cos(), ang.sin()
    R = torch.zeros(L, d, d, dtype=torch.float64)  # out = R @ x
    ev = torch.arange(0, d, 2)
    R[:, ev, ev] = c
    R[:, ev, ev + 1] = -s
    R[:, ev + 1, ev] = s
    R[:, ev + 1, ev + 1] = c
    return torch.einsum("lij,...lj->...li", R, x.double()).to(x.dtype)
