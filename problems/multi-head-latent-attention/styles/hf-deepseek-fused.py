"""Hugging Face's DeepseekV2Attention keeps one `kv_b_proj` producing keys and values of all
heads at once, viewed as [B, L, h, d_k + d_v] and split. Here the fused weight is built in
forward from w_uk and w_uv, head by head, so the split is the same; RoPE, the query
compression and the KV cache are left out. Additive mask, manual stable softmax."""

import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.qk_head_dim = self.v_head_dim = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, hidden_states, attention_mask=None):
        bsz, q_len, _ = hidden_states.size()
        h, dk, dv = self.num_heads, self.qk_head_dim, self.v_head_dim
        query_states = self.w_q(hidden_states).view(bsz, q_len, h, dk).transpose(1, 2)
        compressed_kv = self.w_dkv(hidden_states)
        kv_b_weight = torch.cat(
            [self.w_uk.weight.view(h, dk, -1), self.w_uv.weight.view(h, dv, -1)], dim=1
        ).flatten(0, 1)  # [h * (dk + dv), d_latent]
        kv = (compressed_kv @ kv_b_weight.T).view(bsz, q_len, h, dk + dv).transpose(1, 2)
        key_states, value_states = torch.split(kv, [dk, dv], dim=-1)
        attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) / math.sqrt(dk)
        if attention_mask is not None:
            additive = torch.zeros(attention_mask.shape, dtype=attn_weights.dtype)
            attn_weights = attn_weights + additive.masked_fill(~attention_mask, -1e9)
        attn_weights = attn_weights - attn_weights.amax(dim=-1, keepdim=True)
        attn_weights = attn_weights.exp()
        attn_weights = attn_weights / attn_weights.sum(dim=-1, keepdim=True)
        attn_output = torch.matmul(attn_weights, value_states)
        attn_output = attn_output.transpose(1, 2).reshape(bsz, q_len, h * dv)
        return self.w_o(attn_output)
