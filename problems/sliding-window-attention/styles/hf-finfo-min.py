"""Hugging Face transformers' Mistral/Qwen2 eager path: a boolean sliding-window causal mask
(`key <= query` and `query - key < sliding_window`) turned into an additive mask with
torch.finfo(dtype).min, then softmax in float32. Adapted to the contract: no projections,
rotary embeddings or dropout."""

import torch
from torch import nn


def sliding_window_attention(query, key, value, sliding_window):
    seq_len = query.shape[-2]
    cache_position = torch.arange(seq_len)
    q_idx, kv_idx = cache_position[:, None], cache_position[None, :]
    causal = kv_idx <= q_idx
    in_window = q_idx - kv_idx < sliding_window
    min_dtype = torch.finfo(query.dtype).min
    causal_mask = torch.zeros(seq_len, seq_len, dtype=query.dtype)
    causal_mask = causal_mask.masked_fill(~(causal & in_window), min_dtype)

    scaling = query.shape[-1] ** -0.5
    attn_weights = torch.matmul(query, key.transpose(2, 3)) * scaling
    attn_weights = attn_weights + causal_mask
    attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query.dtype)
    return torch.matmul(attn_weights, value)
