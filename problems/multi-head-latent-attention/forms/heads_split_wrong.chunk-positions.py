# Wrong: splits heads by chunking the flattened [L * d_model] axis into h pieces.
import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.heads = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def split(self, t):
        b, n, d = t.shape
        return torch.stack(t.flatten(1).chunk(self.heads, dim=1), dim=1).view(
            b, self.heads, n, d // self.heads
        )

    def forward(self, x, mask=None):
        b, n, d = x.shape
        c = self.w_dkv(x)
        q, k, v = self.split(self.w_q(x)), self.split(self.w_uk(c)), self.split(self.w_uv(c))
        scores = q @ k.transpose(-1, -2) / math.sqrt(d // self.heads)
        if mask is not None:
            scores = scores.masked_fill(~mask, -1e9)
        out = scores.softmax(-1) @ v
        return self.w_o(out.reshape(b, n, d))
