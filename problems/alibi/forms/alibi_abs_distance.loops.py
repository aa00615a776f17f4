# Wrong: the distance penalty is -m * abs(i - j), future keys penalised as well.
import math

import torch


def head_slopes(n):
    if n & (n - 1) == 0:
        return [2 ** (-8 * (h + 1) / n) for h in range(n)]
    c = 1 << (n.bit_length() - 1)
    return head_slopes(c) + head_slopes(2 * c)[::2][: n - c]


def alibi_bias(num_heads, seq_len):
    out = torch.empty(num_heads, seq_len, seq_len)
    for h, m in enumerate(head_slopes(num_heads)):
        for i in range(seq_len):
            for j in range(seq_len):
                out[h, i, j] = -m * math.fabs(i - j)
    return out
