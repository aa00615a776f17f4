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
        q = self.wq(x).view(b, t, self.h, dh).transpose(1, 2)
        kv = [
            self.wk(x).view(b, t, self.h, dh).transpose(1, 2),
            self.wv(x).view(b, t, self.h, dh).transpose(1, 2),
        ]
        if cache:
            kv = [torch.cat((new, old), dim=-2) for new, old in zip(kv, cache, strict=True)]
        k, v = kv
        total = k.size(-2)
        allowed = torch.tril(torch.ones(total, total, dtype=torch.bool))[total - t :]
        w = (q @ k.transpose(-1, -2) / math.sqrt(dh)).masked_fill(~allowed, float("-inf"))
        y = w.softmax(-1) @ v
        return self.wo(y.transpose(1, 2).reshape(b, t, d)), (k, v)
