# Wrong: the ALiBi repo's fairseq bias, slopes * arange(maxpos), with no query position.
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
    alibi = slopes.unsqueeze(1).unsqueeze(1) * torch.arange(seq_len).unsqueeze(0).unsqueeze(
        0
    ).expand(num_heads, -1, -1)
    return alibi.view(num_heads, 1, seq_len).expand(num_heads, seq_len, seq_len)
