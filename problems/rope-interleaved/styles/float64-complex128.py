"""The complex form done in double precision: pairs viewed as complex128 numbers, multiplied
by e^{i p theta} built from exp(-2i ln(base) / d), and cast back to the input's dtype at the
end (torch.view_as_complex needs a contiguous last dim of size 2)."""

import math

import torch


def apply_rope_interleaved(x, base=10000.0):
    *lead, L, d = x.shape
    theta = torch.exp(-torch.arange(0, d, 2, dtype=torch.float64) * math.log(base) / d)
    angle = torch.arange(L, dtype=torch.float64)[:, None] * theta[None, :]  # [L, d/2]
    rot = torch.complex(angle.cos(), angle.sin())
    z = torch.view_as_complex(x.double().reshape(*lead, L, d // 2, 2).contiguous())
    return torch.view_as_real(z * rot).reshape(x.shape).to(x.dtype)
