"""Llama-style (Hugging Face LlamaAttention, minus RoPE and GQA): the new tokens' absolute
positions as `cache_position = arange(past, past + q_len)`, an additive float mask built from
them, and the softmax computed in float32 as upcast_softmax does.
"""

import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, hidden_states, past_key_value=None):
        bsz, q_len, _ = hidden_states.size()
        shape = (bsz, q_len, self.num_heads, self.head_dim)
        query_states = self.wq(hidden_states).view(shape).transpose(1, 2)
        key_states = self.wk(hidden_states).view(shape).transpose(1, 2)
        value_states = self.wv(hidden_states).view(shape).transpose(1, 2)
        past = 0 if past_key_value is None else past_key_value[0].shape[-2]
        if past_key_value is not None:
            key_states = torch.cat([past_key_value[0], key_states], dim=-2)
            value_states = torch.cat([past_key_value[1], value_states], dim=-2)
        cache_position = torch.arange(past, past + q_len)
        key_position = torch.arange(key_states.shape[-2])
        min_value = torch.finfo(hidden_states.dtype).min
        causal_mask = torch.zeros(q_len, key_states.shape[-2], dtype=hidden_states.dtype)
        causal_mask = causal_mask.masked_fill(
            key_position[None, :] > cache_position[:, None], min_value
        )
        attn_weights = query_states @ key_states.transpose(2, 3) / math.sqrt(self.head_dim)
        attn_weights = attn_weights + causal_mask
        attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32)
        attn_output = attn_weights.to(query_states.dtype) @ value_states
        attn_output = attn_output.transpose(1, 2).reshape(bsz, q_len, -1)
        return self.wo(attn_output), (key_states, value_states)
