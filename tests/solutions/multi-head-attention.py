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
        b = q.size(0)
        q = self.wq(q).reshape(b, -1, self.h, self.d_k).permute(0, 2, 1, 3)
        k = self.wk(k).reshape(b, -1, self.h, self.d_k).permute(0, 2, 1, 3)
        v = self.wv(v).reshape(b, -1, self.h, self.d_k).permute(0, 2, 1, 3)
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ v
        return self.wo(out.permute(0, 2, 1, 3).reshape(b, -1, self.h * self.d_k))
