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
        q = self.wq(x).view(B, T, self.h, self.dk).transpose(1, 2)
        k = self.wk(x).view(B, T, self.h, self.dk).transpose(1, 2)
        v = self.wv(x).view(B, T, self.h, self.dk).transpose(1, 2)
        if cache is not None:
            k = torch.cat([k, cache[0]], dim=2)
            v = torch.cat([v, cache[1]], dim=2)
        S = k.shape[2]
        mask = torch.ones(T, S, dtype=torch.bool).tril(diagonal=S - T)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.dk)
        att = att.masked_fill(~mask, float("-inf")).softmax(dim=-1)
        return self.wo((att @ v).transpose(1, 2).reshape(B, T, C)), (k, v)
