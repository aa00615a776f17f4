# Wrong: position ids shifted by one, as if counting from a BOS token at position 0.
import torch


def apply_rope(x, base=10000.0):
    seq_len, dim = x.shape[-2], x.shape[-1]
    position_ids = torch.arange(seq_len) + 1
    inv_freq = base ** (-torch.arange(0, dim, 2).double() / dim)
    freqs = position_ids.double()[:, None] * inv_freq[None, :]
    cos = freqs.cos().repeat(1, 2).to(x.dtype)
    sin = freqs.sin().repeat(1, 2).to(x.dtype)
    x1, x2 = x[..., : dim // 2], x[..., dim // 2 :]
    return x * cos + torch.cat([-x2, x1], dim=-1) * sin
