"""minGPT (karpathy) wrote separate key/query/value layers; here its forward is kept but fed
from a fused c_attn, and the batched matmuls are done d2l-style: batch and heads flattened
into one axis for torch.bmm, a non-persistent float causal buffer, masked_fill in place."""

import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads, block_size=32):
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.register_buffer(
            "mask", torch.tril(torch.ones(block_size, block_size)), persistent=False
        )

    def forward(self, x):
        B, T, C = x.size()
        nh, hs = self.n_head, C // self.n_head
        q, k, v = self.c_attn(x).split(C, dim=2)

        def flat(t):
            return t.view(B, T, nh, hs).transpose(1, 2).reshape(B * nh, T, hs)

        q, k, v = flat(q), flat(k), flat(v)
        att = torch.bmm(q, k.transpose(1, 2)) / math.sqrt(hs)  # (B*nh, T, T)
        att.masked_fill_(self.mask[:T, :T] == 0, float("-inf"))
        att = torch.softmax(att, dim=-1)
        y = torch.bmm(att, v).view(B, nh, T, hs).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)
