"""Adapted from d2l.ai (Dive into Deep Learning, chapter "Multi-Head Attention" and
"Attention Scoring Functions"): transpose_qkv / transpose_output folding the heads into the
batch, DotProductAttention with torch.bmm, masked_softmax filling -1e6 over the last axis,
and the decoder's second attention called as attention2(X, enc_outputs, enc_outputs, ...).
Changed: d2l's valid_lens become the bool context mask, repeated over the heads with
repeat_interleave exactly as d2l repeats valid_lens; W_q, W_k, W_v, W_o are named q_proj,
k_proj, v_proj, out_proj with biases (d2l's default is bias=False); the weights are returned.
"""

import math

import torch
from torch import nn


def masked_softmax(X, mask):
    """Softmax over the last axis, masked positions filled with -1e6 first."""
    if mask is None:
        return nn.functional.softmax(X, dim=-1)
    X = X.masked_fill(~mask[:, None, :], -1e6)  # mask: [B*h, L_kv]
    return nn.functional.softmax(X, dim=-1)


class DotProductAttention(nn.Module):
    def forward(self, queries, keys, values, mask=None):
        d = queries.shape[-1]
        scores = torch.bmm(queries, keys.transpose(1, 2)) / math.sqrt(d)
        self.attention_weights = masked_softmax(scores, mask)
        return torch.bmm(self.attention_weights, values)


class CrossAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.attention = DotProductAttention()
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def transpose_qkv(self, X):
        X = X.reshape(X.shape[0], X.shape[1], self.num_heads, -1)
        X = X.permute(0, 2, 1, 3)
        return X.reshape(-1, X.shape[2], X.shape[3])

    def transpose_output(self, X):
        X = X.reshape(-1, self.num_heads, X.shape[1], X.shape[2])
        X = X.permute(0, 2, 1, 3)
        return X.reshape(X.shape[0], X.shape[1], -1)

    def forward(self, x, context, context_mask=None):
        queries = self.transpose_qkv(self.q_proj(x))
        keys = self.transpose_qkv(self.k_proj(context))
        values = self.transpose_qkv(self.v_proj(context))
        mask = None
        if context_mask is not None:
            mask = torch.repeat_interleave(context_mask, repeats=self.num_heads, dim=0)
        output = self.attention(queries, keys, values, mask)
        weights = self.attention.attention_weights
        weights = weights.reshape(-1, self.num_heads, *weights.shape[1:])
        return self.out_proj(self.transpose_output(output)), weights
