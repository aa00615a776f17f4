"""einsum throughout, with the scores and softmax in float64 and the result cast back, as a
careful candidate might write it; heads split with unflatten, the mask from positions.
"""

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
        q = self.wq(x).unflatten(-1, (self.h, d // self.h))  # [b, t, h, e]
        k = self.wk(x).unflatten(-1, (self.h, d // self.h)).transpose(1, 2)  # [b, h, t, e]
        v = self.wv(x).unflatten(-1, (self.h, d // self.h)).transpose(1, 2)
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        total = k.shape[2]
        s = torch.einsum("bqhe,bhke->bhqk", q.double(), k.double()) / (d // self.h) ** 0.5
        q_pos = torch.arange(total - t, total)
        s = s.masked_fill(torch.arange(total) > q_pos[:, None], float("-inf"))
        o = torch.einsum("bhqk,bhke->bqhe", s.softmax(-1), v.double())
        return self.wo(o.reshape(b, t, d).to(x.dtype)), (k, v)
