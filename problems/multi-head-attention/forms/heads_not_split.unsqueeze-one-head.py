# Wrong: adds a single head axis with unsqueeze(1) instead of splitting d_model into h heads.
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
        q = self.wq(q).unsqueeze(1)  # [B, 1, Lq, d_model]
        k = self.wk(k).unsqueeze(1)
        v = self.wv(v).unsqueeze(1)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.matmul(torch.softmax(scores, dim=-1), v).squeeze(1)
        return self.wo(out)
