"""nanoGPT's CausalSelfAttention forward (B, T, C names, `view(B, T, n_head, C // n_head)
.transpose(1, 2)`, `att.masked_fill(..., float('-inf'))`, `F.softmax`), with its fused
c_attn replaced by MLA's query, down- and up-projections. Adapted to the contract: the
mask comes as an argument (True = attend) and the layers have the contract's names."""

import math

import torch.nn as nn
from torch.nn import functional as F


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        assert d_model % num_heads == 0
        self.n_head = num_heads
        self.n_embd = d_model
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        B, T, C = x.size()
        c_kv = self.w_dkv(x)
        q = self.w_q(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = self.w_uk(c_kv).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = self.w_uv(c_kv).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        if mask is not None:
            att = att.masked_fill(mask == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.w_o(y)
