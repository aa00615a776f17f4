# Wrong: the [L, L] distance built as key minus query, then transposed.
import math

import torch


def get_slopes(n):
    closest = 2 ** math.floor(math.log2(n))
    base = 2 ** (-8 / closest)
    s = [base ** (k + 1) for k in range(closest)]
    extra = 2 ** (-4 / closest)
    s += [extra ** (2 * k + 1) for k in range(n - closest)]
    return s


def alibi_bias(num_heads, seq_len):
    r = torch.arange(seq_len, dtype=torch.float64)
    rel = (r[None, :] - r[:, None]).T
    return (torch.tensor(get_slopes(num_heads))[:, None, None] * rel).float()
