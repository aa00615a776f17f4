# Wrong: positions 1..L instead of 0..L-1.
import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    pos = torch.arange(1, L + 1, dtype=torch.float64)
    ang = pos[:, None] * theta[None, :]
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    xe, xo = x[..., ::2], x[..., 1::2]
    return torch.stack([xe * cos - xo * sin, xe * sin + xo * cos], dim=-1).flatten(-2)
