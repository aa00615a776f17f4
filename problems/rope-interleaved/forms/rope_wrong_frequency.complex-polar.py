# Wrong: Meta-style freqs_cis, but the exponent is i / dim for pair i.
import torch


def apply_rope_interleaved(x, base=10000.0):
    dim, end = x.shape[-1], x.shape[-2]
    freqs = 1.0 / (base ** (torch.arange(dim // 2).double() / dim))
    freqs = torch.outer(torch.arange(end).double(), freqs)
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
    x_ = torch.view_as_complex(x.double().reshape(*x.shape[:-1], -1, 2).contiguous())
    return torch.view_as_real(x_ * freqs_cis).flatten(-2).to(x.dtype)
