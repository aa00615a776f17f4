"""Fused projections, heads split with Tensor.unflatten and taken apart with unbind; the per-head
outputs stacked back on the head axis and merged with flatten(2)."""

import torch
from torch import Tensor, nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(d_model, d_model) for _ in range(4))

    def forward(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None) -> Tensor:
        shape = (self.num_heads, -1)
        q_heads = self.wq(q).unflatten(-1, shape).unbind(dim=2)  # h x [B, Lq, d_k]
        k_heads = self.wk(k).unflatten(-1, shape).unbind(dim=2)  # h x [B, Lk, d_k]
        v_heads = self.wv(v).unflatten(-1, shape).unbind(dim=2)
        keep = None if mask is None else mask.squeeze(1)  # [B, 1 or Lq, Lk]
        outs = []
        for qh, kh, vh in zip(q_heads, k_heads, v_heads, strict=True):
            s = qh @ kh.transpose(-2, -1) / qh.shape[-1] ** 0.5
            if keep is not None:
                s = torch.where(keep, s, torch.full_like(s, -1e9))
            outs.append(s.softmax(dim=-1) @ vh)
        merged = torch.stack(outs, dim=2).flatten(2)  # [B, Lq, h, d_k] -> [B, Lq, d_model]
        return self.wo(merged)
