# Wrong: einsum multi-head attention without the 1/sqrt(d_k) scale on the scores.
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
        b, lq, _ = q.shape
        lk = k.shape[1]
        Q = self.wq(q).reshape(b, lq, self.h, self.d_k)
        K = self.wk(k).reshape(b, lk, self.h, self.d_k)
        V = self.wv(v).reshape(b, lk, self.h, self.d_k)
        scores = torch.einsum("bqhd,bkhd->bhqk", Q, K)
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        attn = scores.softmax(dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", attn, V).reshape(b, lq, self.h * self.d_k)
        return self.wo(out)
