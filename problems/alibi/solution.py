import math

import torch


def alibi_slopes(num_heads: int) -> torch.Tensor:
    def power_of_two_slopes(n: int) -> list[float]:
        # A geometric sequence starting at 2^(-8/n) with the same ratio: the last head is 2^-8.
        start = 2.0 ** (-8.0 / n)
        return [start ** (h + 1) for h in range(n)]

    if math.log2(num_heads).is_integer():
        return torch.tensor(power_of_two_slopes(num_heads), dtype=torch.float64)
    # Otherwise: all slopes of the closest power of two below, then the odd-numbered slopes
    # of twice that many heads, which fall in between the ones already taken.
    closest = 2 ** math.floor(math.log2(num_heads))
    extra = power_of_two_slopes(2 * closest)[0::2][: num_heads - closest]
    return torch.tensor(power_of_two_slopes(closest) + extra, dtype=torch.float64)


def alibi_bias(num_heads: int, seq_len: int) -> torch.Tensor:
    pos = torch.arange(seq_len, dtype=torch.float64)
    # j - i: 0 on the diagonal, -k for a key k positions before the query.
    distance = pos[None, :] - pos[:, None]  # [L, L]
    bias = alibi_slopes(num_heads)[:, None, None] * distance  # [H, L, L]
    return bias.float()
