# Wrong: the sine terms have their signs swapped, so each pair turns clockwise.
import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    theta = 1.0 / base ** (torch.arange(0, d, 2, dtype=torch.float64) / d)
    ang = torch.outer(torch.arange(L, dtype=torch.float64), theta)
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out0 = x0 * cos + x1 * sin
    out1 = -x0 * sin + x1 * cos
    return torch.stack([out0, out1], dim=-1).flatten(-2)
