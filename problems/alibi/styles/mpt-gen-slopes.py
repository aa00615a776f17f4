"""MosaicML MPT's gen_slopes (llm-foundry attention.py): round the head count up to a power
of two, slopes 1 / 2^(k * 8 / n), and for other counts concat(slopes[1::2], slopes[::2])
cut to n_heads (the same slopes as the paper's recipe). Adapted: MPT's bias is |j - i| or
key positions; here the signed distance j - i."""

import math

import torch


def gen_slopes(n_heads: int, alibi_bias_max: int = 8) -> torch.Tensor:
    _n_heads = 2 ** math.ceil(math.log2(n_heads))
    m = torch.arange(1, _n_heads + 1, dtype=torch.float32)
    m = m.mul(alibi_bias_max / _n_heads)
    slopes = 1.0 / torch.pow(2, m)
    if _n_heads != n_heads:
        slopes = torch.concat([slopes[1::2], slopes[::2]])[:n_heads]
    return slopes.view(n_heads, 1, 1)


def alibi_bias(num_heads, seq_len):
    alibi = torch.arange(1 - seq_len, 1, dtype=torch.int32).view(1, 1, seq_len)
    alibi = alibi - torch.arange(1 - seq_len, 1, dtype=torch.int32).view(1, seq_len, 1)
    return alibi * gen_slopes(num_heads)
