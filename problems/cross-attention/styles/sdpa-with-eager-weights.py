"""The output from torch.nn.functional.scaled_dot_product_attention with a bool attn_mask
(True = take part in attention, this problem's convention too), and the weights recomputed
eagerly, as Hugging Face models fall back to the eager path when output_attentions=True
(SDPA returns no weights). PyTorch documents the math of SDPA as
softmax(q k^T / sqrt(E) + bias) v, which the eager weights repeat."""

import math

import torch.nn.functional as F
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.head_dim = d_model // num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x, context, context_mask=None):
        B, T, C = x.size()
        S = context.size(1)
        q = self.q_proj(x).view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        k = self.k_proj(context).view(B, S, self.n_head, self.head_dim).transpose(1, 2)
        v = self.v_proj(context).view(B, S, self.n_head, self.head_dim).transpose(1, 2)
        attn_mask = None if context_mask is None else context_mask[:, None, None, :]
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)  # is_causal=False
        y = y.transpose(1, 2).contiguous().view(B, T, C)

        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(self.head_dim))
        if attn_mask is not None:
            att = att.masked_fill(attn_mask.logical_not(), float("-inf"))
        att = F.softmax(att, dim=-1)
        return self.out_proj(y), att
