"""A loop over heads with column slices of q, k and v (each head's hd columns), a hand
-written LayerNorm call through F.layer_norm with the modules' parameters, and the sublayers
applied in a loop over (norm, sublayer) pairs: the residual added each time."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        T, d = x.shape[1], x.shape[2]
        hd = d // self.num_heads
        qkv = self.c_attn(x)
        q, k, v = qkv[..., :d], qkv[..., d : 2 * d], qkv[..., 2 * d :]
        blocked = torch.arange(T)[None, :] > torch.arange(T)[:, None]  # j > i
        heads = []
        for i in range(self.num_heads):
            cols = slice(i * hd, (i + 1) * hd)
            s = q[..., cols] @ k[..., cols].transpose(1, 2) / math.sqrt(hd)  # [B, T, T]
            s = s.masked_fill(blocked, -1e9)
            heads.append(torch.softmax(s, dim=-1) @ v[..., cols])
        return self.c_proj(torch.cat(heads, dim=-1))


class MLP(nn.Module):
    def __init__(self, d_model):
        super().__init__()
        self.c_fc = nn.Linear(d_model, 4 * d_model)
        self.act = nn.GELU(approximate="tanh")
        self.c_proj = nn.Linear(4 * d_model, d_model)

    def forward(self, x):
        return self.c_proj(self.act(self.c_fc(x)))


class GPT2Block(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = Attention(d_model, num_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model)

    def forward(self, x):
        for norm, sublayer in ((self.ln_1, self.attn), (self.ln_2, self.mlp)):
            h = F.layer_norm(x, norm.normalized_shape, norm.weight, norm.bias, norm.eps)
            x = x + sublayer(h)
        return x
