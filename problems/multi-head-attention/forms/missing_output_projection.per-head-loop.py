# Wrong: per-head loop that concatenates the heads and returns them without the wo projection.
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
        Q, K, V = self.wq(q), self.wk(k), self.wv(v)
        heads = []
        for i in range(self.num_heads):
            sl = slice(i * self.d_k, (i + 1) * self.d_k)
            scores = Q[..., sl] @ K[..., sl].transpose(-2, -1) / math.sqrt(self.d_k)
            if mask is not None:
                scores = scores.masked_fill(mask[:, 0] == 0, -1e9)
            heads.append(torch.softmax(scores, dim=-1) @ V[..., sl])
        return torch.cat(heads, dim=-1)
