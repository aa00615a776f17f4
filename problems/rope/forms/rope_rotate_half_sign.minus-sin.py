# Wrong: x * cos - rotate_half(x) * sin, the sign of the sine term flipped.
import torch


def rotate_half(x):
    h = x.shape[-1] // 2
    return torch.cat([-x[..., h:], x[..., :h]], dim=-1)


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    ang = torch.arange(L, dtype=torch.float64)[:, None] * theta
    ang = torch.cat([ang, ang], dim=-1)
    return x * ang.cos().to(x.dtype) - rotate_half(x) * ang.sin().to(x.dtype)
