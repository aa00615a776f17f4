# Wrong: views straight to [B, h, L, d_head], which mixes positions into heads.
import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.h = num_heads
        self.dk = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        B, L, D = x.shape
        c = self.w_dkv(x)
        q = self.w_q(x).view(B, self.h, L, self.dk)
        k = self.w_uk(c).view(B, self.h, L, self.dk)
        v = self.w_uv(c).view(B, self.h, L, self.dk)
        s = q @ k.transpose(2, 3) / math.sqrt(self.dk)
        if mask is not None:
            s = s.masked_fill(mask == 0, -1e9)
        o = torch.softmax(s, dim=-1) @ v
        return self.w_o(o.reshape(B, L, D))
