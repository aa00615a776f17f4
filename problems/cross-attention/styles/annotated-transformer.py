"""Adapted from the Annotated Transformer (harvardnlp, "The Annotated Transformer", 2022
edition): `attention` returning (output, p_attn) and `MultiHeadedAttention`, called the way
its DecoderLayer calls src_attn, self.src_attn(x, m, m, src_mask), with the encoder output
as both key and value. Changed: the four clones(nn.Linear, 4) are named q_proj, k_proj,
v_proj, out_proj; the mask is built as the original's src_mask, (src != pad).unsqueeze(-2),
from the bool [B, L_kv]; dropout is dropped; the weights are returned instead of kept in
self.attn.
"""

import math

import torch
import torch.nn as nn


def attention(query, key, value, mask=None):
    "Compute 'Scaled Dot Product Attention'"
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    return torch.matmul(p_attn, value), p_attn


class MultiHeadedAttention(nn.Module):
    def __init__(self, h, d_model):
        super().__init__()
        assert d_model % h == 0
        self.d_k = d_model // h
        self.h = h
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, query, key, value, mask=None):
        if mask is not None:
            # Same mask applied to all h heads.
            mask = mask.unsqueeze(1)
        nbatches = query.size(0)
        query, key, value = [
            lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, x in zip((self.q_proj, self.k_proj, self.v_proj), (query, key, value))  # noqa: B905
        ]
        x, p_attn = attention(query, key, value, mask=mask)
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        return self.out_proj(x), p_attn


class CrossAttention(MultiHeadedAttention):
    def __init__(self, d_model, num_heads):
        super().__init__(num_heads, d_model)

    def forward(self, x, context, context_mask=None):
        m = context
        src_mask = None if context_mask is None else context_mask.unsqueeze(-2)  # [B, 1, L_kv]
        return super().forward(x, m, m, src_mask)
