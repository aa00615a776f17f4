"""nanoGPT's CausalSelfAttention.forward (karpathy), slow path. Changes forced by the contract:
separate wq/wk/wv instead of the fused c_attn (so cross-attention works), wo for c_proj, the mask
passed in instead of the causal `bias` buffer, no flash path (F.scaled_dot_product_attention is
not allowed here)."""

import math

import torch.nn as nn
from torch.nn import functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads, dropout=0.0):
        super().__init__()
        assert d_model % num_heads == 0
        # key, query, value projections for all heads, but in a batch
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        # output projection
        self.wo = nn.Linear(d_model, d_model)
        # regularization
        self.attn_dropout = nn.Dropout(dropout)
        self.resid_dropout = nn.Dropout(dropout)
        self.n_head = num_heads
        self.n_embd = d_model

    def forward(self, x_q, x_k, x_v, mask=None):
        B, T, C = x_q.size()  # batch size, sequence length, embedding dimensionality (n_embd)
        S = x_k.size(1)

        # calculate query, key, values for all heads in batch and move head forward to be the
        # batch dim
        q = self.wq(x_q).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, T, hs)
        k = self.wk(x_k).view(B, S, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, S, hs)
        v = self.wv(x_v).view(B, S, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, S, hs)

        # manual implementation of attention
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        if mask is not None:
            att = att.masked_fill(mask == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v  # (B, nh, T, S) x (B, nh, S, hs) -> (B, nh, T, hs)
        # re-assemble all head outputs side by side
        y = y.transpose(1, 2).contiguous().view(B, T, C)

        # output projection
        y = self.resid_dropout(self.wo(y))
        return y
