# Wrong: splits the heads correctly but merges [B, h, L, d_k] back without transposing first.
import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b, lq, d_model = q.shape
        q = self.wq(q).view(b, -1, self.h, self.d_k).transpose(1, 2)
        k = self.wk(k).view(b, -1, self.h, self.d_k).transpose(1, 2)
        v = self.wv(v).view(b, -1, self.h, self.d_k).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ v  # [b, h, lq, d_k]
        out = out.contiguous().view(b, lq, d_model)
        return self.wo(out)
