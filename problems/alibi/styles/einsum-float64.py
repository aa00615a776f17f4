"""Slopes from exponents in float64 with torch.exp2, the extra heads interleaved from the
doubled sequence by slicing, and the bias as an outer product einsum('h,ij->hij'), cast to
float32 at the end."""

import math

import torch


def slopes_for(n: int) -> torch.Tensor:
    k = torch.arange(1, n + 1, dtype=torch.float64)
    return torch.exp2(-8.0 * k / n)


def alibi_bias(num_heads: int, seq_len: int) -> torch.Tensor:
    closest = 2 ** int(math.log2(num_heads))
    slopes = slopes_for(closest)
    if closest < num_heads:
        slopes = torch.cat([slopes, slopes_for(2 * closest)[0::2][: num_heads - closest]])
    pos = torch.arange(seq_len, dtype=torch.float64)
    distance = pos.unsqueeze(0) - pos.unsqueeze(1)  # [L, L]: j - i
    return torch.einsum("h,ij->hij", slopes, distance).to(torch.float32)
