import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GPT2Block(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = nn.ModuleDict(
            {"c_attn": nn.Linear(d_model, 3 * d_model), "c_proj": nn.Linear(d_model, d_model)}
        )
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = nn.ModuleDict(
            {"c_fc": nn.Linear(d_model, 4 * d_model), "c_proj": nn.Linear(4 * d_model, d_model)}
        )

    def attention(self, x):
        b, t, d = x.shape
        dh = d // self.h
        qkv = self.attn["c_attn"](x).reshape(b, t, self.h, 3 * dh)
        q, k, v = qkv.chunk(3, dim=-1)
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(dh)
        allowed = torch.arange(t)[None, :] <= torch.arange(t)[:, None]
        s = s.masked_fill(~allowed, -1e9)
        out = torch.einsum("bhqk,bkhd->bqhd", s.softmax(-1), v).reshape(b, t, d)
        return self.attn["c_proj"](out)

    def feed_forward(self, x):
        h = self.mlp["c_fc"](x)
        h = F.gelu(h, approximate="tanh")
        return self.mlp["c_proj"](h)

    def forward(self, x):
        x = x + self.attention(self.ln_1(x))
        return x + self.feed_forward(self.ln_2(x))
