# Wrong: a loop over (w_uk, w_uk) builds keys and values, so w_uv is never used.
import math

import torch
from torch import nn


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
        b, n, d = x.shape
        c = self.w_dkv(x)

        def heads(t):
            return t.view(b, n, self.h, d // self.h).transpose(1, 2)

        k, v = (heads(proj(c)) for proj in (self.w_uk, self.w_uk))
        q = heads(self.w_q(x))
        s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(d // self.h)
        if mask is not None:
            s = s.masked_fill(~mask, -1e9)
        o = torch.matmul(s.softmax(-1), v).transpose(1, 2).reshape(b, n, d)
        return self.w_o(o)
