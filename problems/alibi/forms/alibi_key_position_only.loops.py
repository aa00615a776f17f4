# Wrong: bias[h, i, j] = m_h * j; the query position i is left out.
import math

import torch


def alibi_bias(num_heads, seq_len):
    n = 2 ** int(math.log2(num_heads))
    slopes = [2 ** (-8 * k / n) for k in range(1, n + 1)]
    slopes += [2 ** (-4 * k / n) for k in range(1, 2 * (num_heads - n), 2)]
    bias = torch.zeros(num_heads, seq_len, seq_len)
    for h, m in enumerate(slopes):
        for i in range(seq_len):
            bias[h, i] = m * torch.arange(seq_len)
    return bias
