"""The decode loop written out: each new token in turn is appended to the cache and attends
to everything in it, so no mask is needed at all (the cache only holds the past and itself).
Slower for long chunks, the same numbers.
"""

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

    def _split(self, t):
        b, n, _ = t.shape
        return t.view(b, n, self.num_heads, self.d_head).transpose(1, 2)

    def forward(self, x, cache=None):
        q, k_new, v_new = self._split(self.wq(x)), self._split(self.wk(x)), self._split(self.wv(x))
        if cache is None:
            k, v = k_new[:, :, :0], v_new[:, :, :0]
        else:
            k, v = cache
        outputs = []
        for t in range(x.shape[1]):
            k = torch.cat([k, k_new[:, :, t : t + 1]], dim=2)
            v = torch.cat([v, v_new[:, :, t : t + 1]], dim=2)
            scores = q[:, :, t : t + 1] @ k.transpose(-2, -1) / math.sqrt(self.d_head)
            outputs.append(torch.softmax(scores, dim=-1) @ v)  # [B, h, 1, d_head]
        out = torch.cat(outputs, dim=2).transpose(1, 2).flatten(2)
        return self.wo(out), (k, v)
