"""Hugging Face's BLOOM build_alibi_tensor (models/bloom): closest_power_of_2, a float32
base 2^(-2^-(log2(n) - 3)) raised to int powers, and the extra_base with odd powers for the
remaining heads. Adapted: BLOOM multiplies by key positions from the attention mask; here
the slopes multiply the signed distance j - i."""

import math

import torch


def build_slopes(num_heads: int) -> torch.Tensor:
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


def alibi_bias(num_heads: int, seq_len: int) -> torch.Tensor:
    slopes = build_slopes(num_heads)  # [H]
    positions = torch.arange(seq_len, dtype=torch.float32)
    relative = positions[None, :] - positions[:, None]  # [L, L]
    return slopes[:, None, None] * relative[None, :, :]
