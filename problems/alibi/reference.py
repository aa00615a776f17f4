"""Trusted reference: ALiBi's linear attention bias (Press et al., 2022), with the head slopes
of the paper's `get_slopes` and BLOOM's `build_alibi_tensor`, computed in float64."""

import math

import torch


def _slopes(num_heads: int) -> torch.Tensor:
    """m_h: a geometric sequence for a power of two; otherwise the closest power of two
    below, plus every other slope of twice that many heads."""
    closest = 2 ** math.floor(math.log2(num_heads))
    base = 2.0 ** (-8.0 / closest)
    slopes = base ** torch.arange(1, closest + 1, dtype=torch.float64)
    if closest != num_heads:
        extra_base = 2.0 ** (-4.0 / closest)  # the ratio of 2 * closest heads
        remaining = min(closest, num_heads - closest)
        odd = torch.arange(1, 1 + 2 * remaining, 2, dtype=torch.float64)
        slopes = torch.cat([slopes, extra_base**odd])
    return slopes  # [num_heads]


def alibi_bias(num_heads: int, seq_len: int) -> torch.Tensor:
    """bias[h, i, j] = m_h * (j - i): [num_heads, seq_len, seq_len], float32."""
    pos = torch.arange(seq_len, dtype=torch.float64)
    distance = pos[None, :] - pos[:, None]  # [L, L], j - i
    return (_slopes(num_heads)[:, None, None] * distance).to(torch.float32)
