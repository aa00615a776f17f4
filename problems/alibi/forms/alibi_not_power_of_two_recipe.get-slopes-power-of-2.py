# Wrong: the paper's get_slopes_power_of_2 called for any n, without the fallback.
import math

import torch


def get_slopes_power_of_2(n):
    start = 2 ** (-(2 ** -(math.log2(n) - 3)))
    ratio = start
    return [start * ratio**i for i in range(n)]


def alibi_bias(num_heads, seq_len):
    slopes = torch.tensor(get_slopes_power_of_2(num_heads))
    context = torch.arange(seq_len)[:, None]
    memory = torch.arange(seq_len)[None, :]
    return slopes[:, None, None] * (memory - context)
