# Wrong: splits the vector into two halves with chunk and rotates (x1[i], x2[i]).
import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2:]
    theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    ang = torch.arange(L, dtype=torch.float64)[:, None] * theta
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
