"""Head by head, the way the paper writes MultiHead(Q, K, V) = Concat(head_1..head_h) W^O:
each head takes its slice of the fused projections' columns, attends over the encoder
positions with an additive float mask (0 kept, -1e9 padding), and the heads are
concatenated along the features before out_proj."""

import math

import torch
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x, context, context_mask=None):
        d_k = x.size(-1) // self.num_heads
        Q, K, V = self.q_proj(x), self.k_proj(context), self.v_proj(context)
        bias = 0.0
        if context_mask is not None:
            bias = (~context_mask).float()[:, None, :] * -1e9  # [B, 1, L_kv]
        heads, weights = [], []
        for i in range(self.num_heads):
            cols = slice(i * d_k, (i + 1) * d_k)
            scores = Q[..., cols] @ K[..., cols].transpose(1, 2) / math.sqrt(d_k) + bias
            w = torch.softmax(scores, dim=-1)  # [B, L_q, L_kv]
            heads.append(w @ V[..., cols])
            weights.append(w)
        return self.out_proj(torch.cat(heads, dim=-1)), torch.stack(weights, dim=1)
