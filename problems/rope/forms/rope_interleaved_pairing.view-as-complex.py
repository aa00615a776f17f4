# Wrong: Meta's complex-number RoPE, which pairs (2i, 2i+1).
import torch


def precompute_freqs_cis(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)


def apply_rope(x, base=10000.0):
    freqs_cis = precompute_freqs_cis(x.shape[-1], x.shape[-2], base)
    x_ = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    out = torch.view_as_real(x_ * freqs_cis).flatten(-2)
    return out.type_as(x)
