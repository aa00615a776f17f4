"""Hugging Face transformers' Llama: `repeat_kv` (expand a new axis after the kv heads, then
reshape) and the eager attention path, with the bool mask turned into the additive
`torch.finfo(dtype).min` mask the model builds. Adapted to the contract: no projections,
no dropout, no rotary embeddings."""

import torch
from torch import nn


def repeat_kv(hidden_states: torch.Tensor, n_rep: int) -> torch.Tensor:
    """(batch, num_key_value_heads, seqlen, head_dim) -> (batch, num_attention_heads, ...)"""
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(
        batch, num_key_value_heads, n_rep, slen, head_dim
    )
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


def grouped_query_attention(query, key, value, attention_mask=None):
    num_key_value_groups = query.shape[1] // key.shape[1]
    scaling = query.shape[-1] ** -0.5
    key_states = repeat_kv(key, num_key_value_groups)
    value_states = repeat_kv(value, num_key_value_groups)

    attn_weights = torch.matmul(query, key_states.transpose(2, 3)) * scaling
    if attention_mask is not None:
        min_value = torch.finfo(attn_weights.dtype).min
        causal_mask = torch.zeros_like(attention_mask, dtype=attn_weights.dtype)
        causal_mask = causal_mask.masked_fill(~attention_mask, min_value)
        attn_weights = attn_weights + causal_mask

    attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query.dtype)
    return torch.matmul(attn_weights, value_states)
