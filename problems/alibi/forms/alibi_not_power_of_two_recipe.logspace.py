# Wrong: torch.logspace from 2^(-8/H) to 2^-8 for any H: right only for powers of two.
import torch


def alibi_bias(num_heads, seq_len):
    slopes = torch.logspace(-8 / num_heads, -8, num_heads, base=2, dtype=torch.float64)
    d = torch.arange(seq_len, dtype=torch.float64)
    return torch.einsum("h,ij->hij", slopes, d[None, :] - d[:, None]).float()
