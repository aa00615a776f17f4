# Wrong: the rotation matrix written transposed: x1 cos + x2 sin, x2 cos - x1 sin.
import torch


def apply_rope(x, base=10000.0):
    *_, L, d = x.shape
    half = d // 2
    inv = torch.pow(base, -torch.arange(half, dtype=torch.float64) * 2.0 / d)
    ang = torch.arange(L, dtype=torch.float64).unsqueeze(1) * inv.unsqueeze(0)
    cos, sin = torch.cos(ang).to(x.dtype), torch.sin(ang).to(x.dtype)
    x1, x2 = x[..., :half], x[..., half:]
    return torch.cat([x1 * cos + x2 * sin, x2 * cos - x1 * sin], dim=-1)
