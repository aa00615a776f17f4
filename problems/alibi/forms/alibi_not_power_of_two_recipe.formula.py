# Wrong: 2^(-8(h+1)/H) used for every H, powers of two or not.
import torch


def alibi_bias(num_heads, seq_len):
    h = torch.arange(1, num_heads + 1, dtype=torch.float64)
    slopes = 2.0 ** (-8.0 * h / num_heads)
    pos = torch.arange(seq_len, dtype=torch.float64)
    return (slopes[:, None, None] * (pos[None, None, :] - pos[None, :, None])).float()
