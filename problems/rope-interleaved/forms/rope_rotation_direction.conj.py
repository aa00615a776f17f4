# Wrong: multiplies by the conjugate e^{-i p theta}.
import torch


def apply_rope_interleaved(x, base=10000.0):
    dim, end = x.shape[-1], x.shape[-2]
    freqs = 1.0 / (base ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    freqs_cis = torch.polar(
        torch.ones(end, dim // 2), torch.outer(torch.arange(end).float(), freqs)
    )
    x_ = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(x_ * freqs_cis.conj()).flatten(-2).type_as(x)
