"""Everything in einsum: the projections split into heads by unflatten, scores and the
weighted sum as named contractions ("bhqd,bhkd->bhqk"), the padding mask broadcast by
rearranging it to [B, 1, 1, L_kv] with None indexing, a float -inf fill and torch.where."""

import torch
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x, context, context_mask=None):
        q = self.q_proj(x).unflatten(-1, (self.h, -1))  # [B, L_q, h, d_k]
        k = self.k_proj(context).unflatten(-1, (self.h, -1))  # [B, L_kv, h, d_k]
        v = self.v_proj(context).unflatten(-1, (self.h, -1))
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) * q.size(-1) ** -0.5
        if context_mask is not None:
            scores = torch.where(context_mask[:, None, None, :], scores, float("-inf"))
        attn = scores.softmax(dim=-1)  # [B, h, L_q, L_kv]
        out = torch.einsum("bhqk,bkhd->bqhd", attn, v).flatten(-2)  # [B, L_q, d_model]
        return self.out_proj(out), attn
