# Wrong: "keys and values share the latent", read as sharing one up-projection too.
import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        B, L, D = x.shape
        kv = self.w_uk(self.w_dkv(x)).view(B, L, self.num_heads, self.d_head).transpose(1, 2)
        q = self.w_q(x).view(B, L, self.num_heads, self.d_head).transpose(1, 2)
        scores = q @ kv.transpose(-2, -1) / math.sqrt(self.d_head)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ kv
        return self.w_o(out.transpose(1, 2).reshape(B, L, D))
