import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.dk = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, x, cache=None):
        B, T, C = x.shape
        q = self.wq(x).view(B, self.h, T, self.dk)
        k = self.wk(x).view(B, self.h, T, self.dk)
        v = self.wv(x).view(B, self.h, T, self.dk)
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        S = k.shape[2]
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.dk)
        att = att.masked_fill(~torch.ones(T, S, dtype=torch.bool).tril(S - T), float("-inf"))
        y = att.softmax(dim=-1) @ v
        return self.wo(y.view(B, T, C)), (k, v)
