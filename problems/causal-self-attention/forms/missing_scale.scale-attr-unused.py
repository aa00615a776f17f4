# Wrong: self.scale is set in __init__ and never used.
import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.d = d_model
        self.scale = (d_model // num_heads) ** -0.5
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        q, k, v = (z.view(b, t, self.h, -1).transpose(1, 2) for z in (q, k, v))
        scores = torch.matmul(q, k.transpose(-1, -2))
        blocked = torch.ones(t, t, dtype=torch.bool).triu(1)
        scores = scores.masked_fill(blocked, -1e9)
        out = torch.matmul(scores.softmax(dim=-1), v)
        return self.c_proj(out.transpose(1, 2).reshape(b, t, self.d))
