"""One head at a time with slices of the projected tensors, then concatenated."""

import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads, self.d_head = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        qp, kp, vp = self.wq(q), self.wk(k), self.wv(v)
        heads = []
        for h in range(self.num_heads):
            cols = slice(h * self.d_head, (h + 1) * self.d_head)
            scores = qp[..., cols] @ kp[..., cols].transpose(1, 2) / math.sqrt(self.d_head)
            if mask is not None:
                scores = scores.masked_fill(mask[:, 0] == 0, -1e9)
            heads.append(torch.softmax(scores, dim=-1) @ vp[..., cols])
        return self.wo(torch.cat(heads, dim=-1))
