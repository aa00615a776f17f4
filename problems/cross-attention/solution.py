import math

import torch
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0, "d_model must split evenly into heads"
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.q_proj = nn.Linear(d_model, d_model)  # reads the decoder side
        self.k_proj = nn.Linear(d_model, d_model)  # reads the encoder output
        self.v_proj = nn.Linear(d_model, d_model)  # reads the encoder output
        self.out_proj = nn.Linear(d_model, d_model)

    def _split(self, t: torch.Tensor) -> torch.Tensor:
        """[B, L, d_model] -> [B, h, L, d_k]; -1 keeps L_q and L_kv apart."""
        return t.view(t.size(0), -1, self.num_heads, self.d_k).transpose(1, 2)

    def forward(self, x, context, context_mask=None):
        b, l_q, d_model = x.shape
        q = self._split(self.q_proj(x))  # [B, h, L_q, d_k]
        k = self._split(self.k_proj(context))  # [B, h, L_kv, d_k]
        v = self._split(self.v_proj(context))  # [B, h, L_kv, d_k]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)  # [B, h, L_q, L_kv]
        if context_mask is not None:
            # [B, L_kv] -> [B, 1, 1, L_kv]: one mask per source, the same for every head and
            # every query. Only padding is blocked: the whole source is visible, no causality.
            keep = context_mask[:, None, None, :]
            scores = scores.masked_fill(~keep, -1e9)
        weights = torch.softmax(scores, dim=-1)  # over the encoder positions
        out = (weights @ v).transpose(1, 2).reshape(b, l_q, d_model)  # [B, L_q, d_model]
        return self.out_proj(out), weights
