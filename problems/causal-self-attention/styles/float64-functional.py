"""F.linear with the module's own weights, the attention in float64 with a manual max-shifted
softmax, permute instead of transpose, and a causal mask built by comparing aranges;
parameter names kept, since they are the contract."""

import torch
import torch.nn.functional as F
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.c_attn = nn.Linear(d_model, 3 * d_model, bias=True)
        self.c_proj = nn.Linear(d_model, d_model, bias=True)
        self.h = num_heads

    def forward(self, x):
        b, t, d = x.shape
        qkv = F.linear(x, self.c_attn.weight, self.c_attn.bias).double()
        q, k, v = (
            z.reshape(b, t, self.h, d // self.h).permute(0, 2, 1, 3) for z in qkv.split(d, -1)
        )
        s = q @ k.permute(0, 1, 3, 2) * (d // self.h) ** -0.5
        i = torch.arange(t)
        s = s.masked_fill(i[None, :] > i[:, None], float("-inf"))
        s = (s - s.amax(-1, keepdim=True)).exp()
        w = s / s.sum(-1, keepdim=True)
        y = (w @ v).permute(0, 2, 1, 3).reshape(b, t, d).to(x.dtype)
        return F.linear(y, self.c_proj.weight, self.c_proj.bias)
