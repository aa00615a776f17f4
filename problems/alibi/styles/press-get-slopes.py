"""The ALiBi authors' get_slopes (ofirpress/attention_with_linear_biases, fairseq
TransformerDecoder): a recursive fallback for head counts that are not powers of two.
Adapted: their bias multiplies the slopes by the key position only (equivalent inside a
softmax); here the relative distance j - i, as the contract asks."""

import math

import torch


def get_slopes(n):
    def get_slopes_power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        ratio = start
        return [start * ratio**i for i in range(n)]

    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    closest_power_of_2 = 2 ** math.floor(math.log2(n))
    return (
        get_slopes_power_of_2(closest_power_of_2)
        + get_slopes(2 * closest_power_of_2)[0::2][: n - closest_power_of_2]
    )


def alibi_bias(num_heads, seq_len):
    slopes = torch.Tensor(get_slopes(num_heads))
    context_position = torch.arange(seq_len)[:, None]
    memory_position = torch.arange(seq_len)[None, :]
    relative_position = memory_position - context_position  # [L, L], j - i
    return slopes.unsqueeze(1).unsqueeze(1) * relative_position.unsqueeze(0)
