# Wrong: views the projections straight to [B, h, L, d_k] without the transpose, mixing positions.
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

    def forward(self, q, k, v, mask=None):
        B = q.size(0)
        Q = self.wq(q).view(B, self.num_heads, -1, self.d_k)
        K = self.wk(k).view(B, self.num_heads, -1, self.d_k)
        V = self.wv(v).view(B, self.num_heads, -1, self.d_k)
        scores = Q @ K.transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ V
        return self.wo(out.reshape(B, -1, self.num_heads * self.d_k))
