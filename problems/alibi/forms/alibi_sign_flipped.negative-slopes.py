# Wrong: negative slopes times (j - i): the minus sign applied twice.
import math

import torch


def alibi_bias(num_heads, seq_len):
    closest = 2 ** math.floor(math.log2(num_heads))
    m = [2 ** (-8 * (h + 1) / closest) for h in range(closest)]
    m += [2 ** (-4 * (2 * h + 1) / closest) for h in range(num_heads - closest)]
    slopes = -torch.tensor(m, dtype=torch.float32)
    j = torch.arange(seq_len).view(1, 1, -1)
    i = torch.arange(seq_len).view(1, -1, 1)
    return slopes.view(-1, 1, 1) * (j - i)
