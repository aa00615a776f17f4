# Wrong: -m * |i - j|, symmetric, instead of the signed m * (j - i).
import math

import torch


def alibi_bias(num_heads, seq_len):
    n = 2 ** math.floor(math.log2(num_heads))
    slopes = [2 ** (-8 * (h + 1) / n) for h in range(n)]
    slopes += [2 ** (-8 * (h + 1) / (2 * n)) for h in range(0, 2 * n, 2)][: num_heads - n]
    pos = torch.arange(seq_len)
    dist = (pos[None, :] - pos[:, None]).abs()
    return -torch.tensor(slopes)[:, None, None] * dist
