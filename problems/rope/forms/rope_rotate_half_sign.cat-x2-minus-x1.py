# Wrong: rotate_half returns cat(x2, -x1): every pair turns the other way.
import torch


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((x2, -x1), dim=-1)


def apply_rope(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, d, 2).double() / d))
    freqs = torch.outer(torch.arange(L).double(), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    return x * emb.cos().to(x.dtype) + rotate_half(x) * emb.sin().to(x.dtype)
