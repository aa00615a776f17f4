"""Trusted reference: the decoder self-attention mask, causal AND key padding.

It reads the knobs of the mask families (reference_impl.knobs) so that diagnosis can rerun
it with the diagonal moved, the lengths shifted or the whole mask inverted.
"""

import torch

from reference_impl.knobs import knob


def combined_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    """[B, 1, max_len, max_len] bool: True where key j <= query i and j < lengths[b]."""
    ones = torch.ones(max_len, max_len, dtype=torch.bool)
    causal = torch.tril(ones, diagonal=knob("causal_offset", 0))  # [L, L]
    positions = torch.arange(max_len)  # [L]
    keys = positions[None, :] < lengths[:, None] + knob("padding_offset", 0)  # [B, L]
    mask = causal[None, :, :] & keys[:, None, :]  # [B, L, L]
    mask = ~mask if knob("mask") == "inverted" else mask
    return mask[:, None, :, :]  # [B, 1, L, L]
