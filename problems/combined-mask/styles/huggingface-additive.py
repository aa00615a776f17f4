"""Hugging Face style: an additive float mask (0 = keep, finfo.min = block) built from a
causal mask and an expanded [B, 1, L, L] padding mask, as in `_prepare_4d_causal_attention_mask`;
the boolean answer is read back as `== 0`."""

import torch


def combined_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    dtype = torch.float32
    min_value = torch.finfo(dtype).min
    causal = torch.full((max_len, max_len), min_value, dtype=dtype).triu(1)
    attention_mask = (torch.arange(max_len)[None, :] < lengths[:, None]).to(dtype)  # [B, L]
    expanded = attention_mask[:, None, None, :].expand(-1, 1, max_len, -1)
    inverted = (1.0 - expanded).masked_fill((1.0 - expanded).bool(), min_value)
    additive = causal[None, None] + inverted
    return additive == 0
