# Wrong: the freqs_cis slice starts at start_pos = 1, as if one token were already cached.
import torch


def precompute_freqs_cis(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)


def apply_rope_interleaved(x, base=10000.0):
    start_pos, seqlen = 1, x.shape[-2]
    freqs_cis = precompute_freqs_cis(x.shape[-1], seqlen + 1, base)
    freqs_cis = freqs_cis[start_pos : start_pos + seqlen]
    x_ = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(x_ * freqs_cis).flatten(-2).type_as(x)
