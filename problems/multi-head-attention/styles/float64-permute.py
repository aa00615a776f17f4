"""reshape + permute(0, 2, 1, 3) to split, torch.matmul in float64, permute back and flatten(2)
without .contiguous(); cast back to the input dtype before the output projection."""

import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def split_heads(self, t):
        batch, length, _ = t.shape
        return t.reshape(batch, length, self.num_heads, self.d_k).permute(0, 2, 1, 3)

    def forward(self, q, k, v, mask=None):
        Q = self.split_heads(self.wq(q)).double()
        K = self.split_heads(self.wk(k)).double()
        V = self.split_heads(self.wv(v)).double()
        scores = torch.matmul(Q, K.permute(0, 1, 3, 2)) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(~mask, -1e9)
        weights = torch.softmax(scores, dim=-1)
        context = torch.matmul(weights, V).to(q.dtype)  # [B, h, Lq, d_k]
        context = context.permute(0, 2, 1, 3).flatten(2)  # [B, Lq, d_model]
        return self.wo(context)
