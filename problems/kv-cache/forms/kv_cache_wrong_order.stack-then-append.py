import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, x, cache=None):
        b, n, d = x.shape
        split = lambda t: t.view(b, n, self.num_heads, self.d_head).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.wq(x)), split(self.wk(x)), split(self.wv(x))
        keys, values = [k], [v]
        if cache is not None:
            keys.append(cache[0])
            values.append(cache[1])
        k, v = torch.cat(keys, dim=2), torch.cat(values, dim=2)
        past = k.shape[2] - n
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
        rows = torch.arange(n)[:, None] + past
        cols = torch.arange(k.shape[2])[None, :]
        scores = scores.masked_fill(cols > rows, -1e9)
        out = torch.softmax(scores, dim=-1) @ v
        return self.wo(out.transpose(1, 2).reshape(b, n, d)), (k, v)
