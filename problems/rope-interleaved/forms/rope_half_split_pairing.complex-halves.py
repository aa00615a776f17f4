# Wrong: the complex number is built from the two halves, not from neighbouring dims.
import torch


def apply_rope_interleaved(x, base=10000.0):
    L, d = x.shape[-2], x.shape[-1]
    h = d // 2
    freqs = 1.0 / (base ** (torch.arange(0, d, 2)[:h].float() / d))
    freqs_cis = torch.polar(torch.ones(L, h), torch.outer(torch.arange(L).float(), freqs))
    z = torch.complex(x[..., :h].float(), x[..., h:].float()) * freqs_cis
    return torch.cat([z.real, z.imag], dim=-1).type_as(x)
