# Wrong: rotate_every_two stacks (x2, -x1) instead of (-x2, x1).
import torch


def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((x2, -x1), dim=-1).flatten(-2)


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    sinusoid = torch.einsum("i,j->ij", torch.arange(L, dtype=torch.float64), inv_freq)
    sin = sinusoid.sin().repeat_interleave(2, dim=-1).to(x.dtype)
    cos = sinusoid.cos().repeat_interleave(2, dim=-1).to(x.dtype)
    return x * cos + rotate_every_two(x) * sin
