# Wrong: BLOOM's shortcut m * j (key position only), broadcast over the query rows.
import math

import torch


def build_slopes(num_heads):
    closest_power_of_2 = 2 ** math.floor(math.log2(num_heads))
    base = torch.tensor(2 ** (-(2 ** -(math.log2(closest_power_of_2) - 3))), dtype=torch.float32)
    powers = torch.arange(1, 1 + closest_power_of_2, dtype=torch.int32)
    slopes = torch.pow(base, powers)
    if closest_power_of_2 != num_heads:
        extra_base = torch.tensor(
            2 ** (-(2 ** -(math.log2(2 * closest_power_of_2) - 3))), dtype=torch.float32
        )
        num_remaining_heads = min(closest_power_of_2, num_heads - closest_power_of_2)
        extra_powers = torch.arange(1, 1 + 2 * num_remaining_heads, 2, dtype=torch.int32)
        slopes = torch.cat([slopes, torch.pow(extra_base, extra_powers)], dim=0)
    return slopes


def alibi_bias(num_heads, seq_len):
    arange_tensor = torch.arange(seq_len, dtype=torch.float32)[None, None, :]
    alibi = build_slopes(num_heads)[:, None, None] * arange_tensor
    return alibi.expand(num_heads, seq_len, seq_len)
