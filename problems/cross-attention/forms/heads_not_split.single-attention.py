# Wrong: one attention over all d_model features, the weights given a head axis afterwards.
import math

import torch
import torch.nn as nn


class CrossAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x, context, context_mask=None):
        q, k, v = self.q_proj(x), self.k_proj(context), self.v_proj(context)
        scores = torch.bmm(q, k.transpose(1, 2)) / math.sqrt(q.size(-1))  # [B, L_q, L_kv]
        if context_mask is not None:
            scores = scores.masked_fill(~context_mask.unsqueeze(1), -1e9)
        attn = torch.softmax(scores, dim=-1)
        return self.out_proj(torch.bmm(attn, v)), attn.unsqueeze(1)
