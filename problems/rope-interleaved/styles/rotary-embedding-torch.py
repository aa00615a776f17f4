"""lucidrains' rotary-embedding-torch: freqs repeated per pair ('... n -> ... (n r)', r=2)
and rotate_half over '(d r)' groups, i.e. neighbouring pairs. Adapted: the einops
rearrange/repeat written as view/unbind/stack, the frequencies from the contract's base."""

import torch


def rotate_half(x):
    x = x.view(*x.shape[:-1], -1, 2)  # '... (d r) -> ... d r'
    x1, x2 = x.unbind(dim=-1)
    x = torch.stack((-x2, x1), dim=-1)
    return x.view(*x.shape[:-2], -1)  # '... d r -> ... (d r)'


def apply_rope_interleaved(x, base=10000.0):
    dim, seq_len = x.shape[-1], x.shape[-2]
    freqs = 1.0 / (base ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(seq_len, dtype=torch.float32)
    freqs = torch.einsum("..., f -> ... f", t, freqs)
    freqs = freqs.repeat_interleave(2, dim=-1)  # '... n -> ... (n r)', r = 2
    return x * freqs.cos().to(x.dtype) + rotate_half(x) * freqs.sin().to(x.dtype)
