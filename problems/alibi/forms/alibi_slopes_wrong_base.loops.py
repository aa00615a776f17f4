# Wrong: each head's slope is 1 / 2^(h+1), whatever num_heads is.
import torch


def alibi_bias(num_heads, seq_len):
    bias = torch.zeros(num_heads, seq_len, seq_len)
    for h in range(num_heads):
        m = 1.0 / 2 ** (h + 1)
        for i in range(seq_len):
            for j in range(seq_len):
                bias[h, i, j] = m * (j - i)
    return bias
