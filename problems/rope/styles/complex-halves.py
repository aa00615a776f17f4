"""The half-split pairing in complex form: z = x1 + i*x2 on the two halves, multiplied by
e^{i p theta} (torch.polar, float64), and the real and imaginary parts put back as the first
and second half. The same rotation as rotate_half, without writing rotate_half."""

import torch


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2:]
    h = d // 2
    theta = base ** (-torch.arange(h, dtype=torch.float64) * 2 / d)
    angles = torch.arange(L, dtype=torch.float64)[:, None] * theta  # [L, d/2]
    rot = torch.polar(torch.ones_like(angles), angles)  # e^{i p theta}, complex128
    z = torch.complex(x[..., :h].double(), x[..., h:].double()) * rot
    return torch.cat([z.real, z.imag], dim=-1).to(x.dtype)
