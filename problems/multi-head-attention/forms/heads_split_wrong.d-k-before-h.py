# Wrong: reshapes to [B, L, d_k, h], so each head takes every h-th feature instead of a block.
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

    def split(self, x):
        b, n, _ = x.shape
        return x.reshape(b, n, self.d_k, self.num_heads).permute(0, 3, 1, 2)

    def merge(self, x):
        b, h, n, d = x.shape
        return x.permute(0, 2, 3, 1).reshape(b, n, h * d)

    def forward(self, q, k, v, mask=None):
        q, k, v = self.split(self.wq(q)), self.split(self.wk(k)), self.split(self.wv(v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(~mask, -1e9)
        return self.wo(self.merge(torch.softmax(scores, dim=-1) @ v))
