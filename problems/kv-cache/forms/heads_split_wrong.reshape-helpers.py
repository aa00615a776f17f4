import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def split_heads(self, t):
        b, n, d = t.shape
        return t.reshape(b, self.num_heads, n, d // self.num_heads)

    def merge_heads(self, t):
        b, h, n, dh = t.shape
        return t.reshape(b, n, h * dh)

    def forward(self, x, cache=None):
        q = self.split_heads(self.wq(x))
        k = self.split_heads(self.wk(x))
        v = self.split_heads(self.wv(x))
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        n, total = q.shape[2], k.shape[2]
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        future = torch.arange(total)[None, :] > torch.arange(total - n, total)[:, None]
        scores = scores.masked_fill(future, -1e9)
        return self.wo(self.merge_heads(scores.softmax(-1) @ v)), (k, v)
