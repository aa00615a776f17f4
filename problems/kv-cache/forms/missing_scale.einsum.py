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
        q, k, v = (w(x).view(b, t, self.h, d // self.h) for w in (self.wq, self.wk, self.wv))
        k, v = k.transpose(1, 2), v.transpose(1, 2)
        if cache is not None:
            k, v = torch.cat([cache[0], k], 2), torch.cat([cache[1], v], 2)
        s = torch.einsum("bqhd,bhkd->bhqk", q, k)
        past = k.shape[2] - t
        s = s.masked_fill(torch.ones(t, k.shape[2], dtype=torch.bool).triu(past + 1), float("-inf"))
        o = torch.einsum("bhqk,bhkd->bqhd", s.softmax(-1), v).reshape(b, t, d)
        return self.wo(o), (k, v)
