import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0, "d_model must split evenly into heads"
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        # One fused d_model -> d_model projection each; after the split, head i owns
        # features i*d_k ... (i+1)*d_k - 1 of every position.
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, x: torch.Tensor) -> torch.Tensor:
        """[B, L, d_model] -> [B, h, L, d_k]: cut the features into heads, then move h forward."""
        b, length, _ = x.shape
        return x.view(b, length, self.num_heads, self.d_k).transpose(1, 2)

    def forward(self, q, k, v, mask=None):
        b, lq, d_model = q.shape
        q = self._split(self.wq(q))  # [B, h, Lq, d_k]
        k = self._split(self.wk(k))  # [B, h, Lk, d_k]
        v = self._split(self.wv(v))  # [B, h, Lk, d_k]
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.d_k)  # [B, h, Lq, Lk]
        if mask is not None:
            # [B, 1, 1, Lk] or [B, 1, Lq, Lk]: the size-1 head axis broadcasts over all heads.
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, Lq, d_k]
        # Undo the split exactly. transpose leaves a non-contiguous tensor, which .view
        # refuses; reshape copies when it has to.
        out = out.transpose(1, 2).reshape(b, lq, d_model)  # [B, Lq, d_model]
        return self.wo(out)
