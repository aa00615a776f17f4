"""Hugging Face GPT-2 attention (legacy tuple cache): `layer_past` in, `present = (key,
value)` out, _split_heads/_merge_heads with permute, and the blocked scores filled with
torch.finfo(dtype).min. Adapted: separate wq/wk/wv/wo projections, no dropout.
"""

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.embed_dim = d_model
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split_heads(self, tensor):
        new_shape = tensor.size()[:-1] + (self.num_heads, self.head_dim)
        return tensor.view(new_shape).permute(0, 2, 1, 3)

    def _merge_heads(self, tensor):
        tensor = tensor.permute(0, 2, 1, 3).contiguous()
        return tensor.view(tensor.size()[:-2] + (self.num_heads * self.head_dim,))

    def _attn(self, query, key, value):
        attn_weights = torch.matmul(query, key.transpose(-1, -2))
        attn_weights = attn_weights / torch.full(
            [], value.size(-1) ** 0.5, dtype=attn_weights.dtype
        )
        query_length, key_length = query.size(-2), key.size(-2)
        causal_mask = torch.tril(torch.ones(key_length, key_length, dtype=torch.bool))
        causal_mask = causal_mask[key_length - query_length : key_length, :key_length]
        mask_value = torch.finfo(attn_weights.dtype).min
        attn_weights = torch.where(causal_mask, attn_weights, mask_value)
        attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        return torch.matmul(attn_weights, value)

    def forward(self, hidden_states, layer_past=None):
        query = self._split_heads(self.wq(hidden_states))
        key = self._split_heads(self.wk(hidden_states))
        value = self._split_heads(self.wv(hidden_states))
        if layer_past is not None:
            past_key, past_value = layer_past
            key = torch.cat((past_key, key), dim=-2)
            value = torch.cat((past_value, value), dim=-2)
        present = (key, value)
        attn_output = self._merge_heads(self._attn(query, key, value))
        return self.wo(attn_output), present
