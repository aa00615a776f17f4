# Wrong: GPT-J's rotate_every_two with repeat_interleave: the interleaved layout.
import torch


def rotate_every_two(x):
    x1 = x[..., ::2]
    x2 = x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


def apply_rope(x, base=10000.0):
    seq_len, dim = x.shape[-2], x.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
    sinusoid = torch.einsum("i,j->ij", torch.arange(seq_len, dtype=torch.float64), inv_freq)
    sin = sinusoid.sin().repeat_interleave(2, dim=-1).to(x.dtype)
    cos = sinusoid.cos().repeat_interleave(2, dim=-1).to(x.dtype)
    return x * cos + rotate_every_two(x) * sin
