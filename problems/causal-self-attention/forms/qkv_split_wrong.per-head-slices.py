# Wrong: head i takes the block [3 * hs * i, 3 * hs * (i + 1)) and cuts q, k, v from it.
import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        T = x.size(1)
        hs = x.size(-1) // self.num_heads
        qkv = self.c_attn(x)
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
        heads = []
        for i in range(self.num_heads):
            block = qkv[..., 3 * hs * i : 3 * hs * (i + 1)]
            q, k, v = block[..., :hs], block[..., hs : 2 * hs], block[..., 2 * hs :]
            s = q @ k.transpose(-2, -1) / math.sqrt(hs)
            s = s.masked_fill(~causal, -1e9)
            heads.append(torch.softmax(s, dim=-1) @ v)
        return self.c_proj(torch.cat(heads, dim=-1))
