# Wrong: concatenates the up-projections as [w_uv; w_uk] and unpacks as (k, v).
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.h = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        B, L, D = x.shape
        c = self.w_dkv(x)
        kv = F.linear(c, torch.cat([self.w_uv.weight, self.w_uk.weight], dim=0))
        k, v = kv.split(D, dim=-1)
        q = self.w_q(x).view(B, L, self.h, -1).permute(0, 2, 1, 3)
        k = k.view(B, L, self.h, -1).permute(0, 2, 1, 3)
        v = v.view(B, L, self.h, -1).permute(0, 2, 1, 3)
        a = q @ k.transpose(-1, -2) / math.sqrt(D // self.h)
        if mask is not None:
            a = a.masked_fill(~mask, float("-inf"))
        y = a.softmax(-1) @ v
        return self.w_o(y.permute(0, 2, 1, 3).reshape(B, L, D))
