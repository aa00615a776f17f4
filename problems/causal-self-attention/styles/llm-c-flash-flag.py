"""llm.c's CausalSelfAttention (karpathy, train_gpt2.py), as written there: a module-level
`FLASH = 0` switches between F.scaled_dot_product_attention and the slow path, so the
forbidden call sits in a branch that never runs. Adapted to the contract: (d_model,
num_heads) instead of a config, block_size fixed at 64."""

import math

import torch
import torch.nn as nn
from torch.nn import functional as F

# using a global to toggle flash-attention
FLASH = 0


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads, block_size=64):
        super().__init__()
        assert d_model % num_heads == 0
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.n_head = num_heads
        self.n_embd = d_model
        self.register_buffer(
            "bias",
            torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size),
        )

    def forward(self, x):
        B, T, C = x.size()
        qkv = self.c_attn(x)
        q, k, v = qkv.split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        if FLASH:
            # flashattention
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            # manual implementation of attention
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
            att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
            att = F.softmax(att, dim=-1)
            y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)
