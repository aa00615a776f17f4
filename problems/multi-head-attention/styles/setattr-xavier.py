"""Projections registered with setattr in a loop, Xavier init (overwritten by load_state_dict
anyway), self-attention fallback k = v = q, and a __main__ smoke test."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        if d_model % num_heads:
            raise ValueError(f"d_model={d_model} is not divisible by num_heads={num_heads}")
        self.d_model, self.num_heads = d_model, num_heads
        self.d_k = d_model // num_heads
        for name in ("wq", "wk", "wv", "wo"):
            setattr(self, name, nn.Linear(d_model, d_model))
        self._reset_parameters()

    def _reset_parameters(self) -> None:
        for lin in (self.wq, self.wk, self.wv, self.wo):
            nn.init.xavier_uniform_(lin.weight)
            nn.init.zeros_(lin.bias)

    def forward(self, q, k=None, v=None, mask=None):
        k = q if k is None else k
        v = k if v is None else v
        b = q.shape[0]
        Q = self.wq(q).reshape(b, -1, self.num_heads, self.d_k).transpose(1, 2)
        K = self.wk(k).reshape(b, -1, self.num_heads, self.d_k).transpose(1, 2)
        V = self.wv(v).reshape(b, -1, self.num_heads, self.d_k).transpose(1, 2)
        scores = Q @ K.transpose(-1, -2) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == False, -1e9)  # noqa: E712
        out = F.softmax(scores, dim=-1) @ V
        out = out.transpose(1, 2).reshape(b, -1, self.d_model)
        return self.wo(out)


if __name__ == "__main__":
    mha = MultiHeadAttention(16, 4)
    x = torch.randn(2, 7, 16)
    print(mha(x).shape, mha(x[:, :3], x, x).shape)
