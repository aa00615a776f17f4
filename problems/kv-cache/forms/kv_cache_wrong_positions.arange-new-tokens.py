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

    def split(self, t):
        b, n, _ = t.shape
        return t.view(b, n, self.num_heads, self.d_head).transpose(1, 2)

    def forward(self, x, cache=None):
        q, k, v = self.split(self.wq(x)), self.split(self.wk(x)), self.split(self.wv(x))
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        q_pos = torch.arange(x.shape[1])  # positions of the new tokens
        k_pos = torch.arange(k.shape[2])
        blocked = k_pos[None, :] > q_pos[:, None]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
        scores = scores.masked_fill(blocked, -1e9)
        out = torch.softmax(scores, dim=-1) @ v
        b, _, n, _ = out.shape
        return self.wo(out.transpose(1, 2).reshape(b, n, -1)), (k, v)
