# Wrong: einsum multi-head attention that skips the final wo projection.
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
        Q = self.wq(q).unflatten(-1, (self.h, self.d_k))
        K = self.wk(k).unflatten(-1, (self.h, self.d_k))
        V = self.wv(v).unflatten(-1, (self.h, self.d_k))
        scores = torch.einsum("bqhd,bkhd->bhqk", Q, K) * self.d_k**-0.5
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        attn = scores.softmax(dim=-1)
        return torch.einsum("bhqk,bkhd->bqhd", attn, V).reshape(b, lq, d_model)
