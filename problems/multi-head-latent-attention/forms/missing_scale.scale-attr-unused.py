# Wrong: stores self.scale in __init__ and forgets to use it.
import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.scale = 1.0 / math.sqrt(self.d_head)
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        b, n, _ = x.shape
        latent = self.w_dkv(x)
        q = self.w_q(x).view(b, n, self.num_heads, self.d_head).transpose(1, 2)
        k = self.w_uk(latent).view(b, n, self.num_heads, self.d_head).transpose(1, 2)
        v = self.w_uv(latent).view(b, n, self.num_heads, self.d_head).transpose(1, 2)
        att = q @ k.transpose(-2, -1)
        if mask is not None:
            att = att.masked_fill(mask == 0, -1e9)
        y = torch.softmax(att, dim=-1) @ v
        y = y.transpose(1, 2).contiguous().view(b, n, -1)
        return self.w_o(y)
