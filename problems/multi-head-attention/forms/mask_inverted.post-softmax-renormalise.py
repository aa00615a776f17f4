# Wrong: after the softmax, keeps only the blocked (False) weights and renormalises.
import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        batch = q.size(0)

        def heads(x):
            return x.view(batch, -1, self.num_heads, self.d_k).transpose(1, 2)

        q, k, v = heads(self.wq(q)), heads(self.wk(k)), heads(self.wv(v))
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.d_k)
        attn = torch.softmax(scores, dim=-1)
        if mask is not None:
            attn = attn.masked_fill(mask, 0.0)
            attn = attn / attn.sum(dim=-1, keepdim=True).clamp(min=1e-9)
        out = attn @ v
        out = out.transpose(1, 2).reshape(batch, -1, self.num_heads * self.d_k)
        return self.wo(out)
