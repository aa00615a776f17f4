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
        q, k, v = self.attn["c_attn"](x).chunk(3, dim=-1)
        q, k, v = (z.reshape(b, t, self.h, dh) for z in (q, k, v))
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
        for norm, sublayer in ((self.ln_1, self.attention), (self.ln_2, self.feed_forward)):
            x = norm(x + sublayer(x))
        return x
