# Wrong: m * (i - j): past keys get a positive bias.
import math

import torch


def slopes(n):
    def pow2(k):
        return [2 ** (-8 * (i + 1) / k) for i in range(k)]

    if math.log2(n).is_integer():
        return pow2(n)
    c = 2 ** math.floor(math.log2(n))
    return pow2(c) + pow2(2 * c)[0::2][: n - c]


def alibi_bias(num_heads, seq_len):
    m = torch.tensor(slopes(num_heads))
    pos = torch.arange(seq_len)
    rel = pos[:, None] - pos[None, :]  # i - j
    return m[:, None, None] * rel
