import math

import torch
import torch.nn.functional as F
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

        def heads(z):
            return z.view(b, -1, self.h, dh).transpose(1, 2)

        q, k, v = heads(self.wq(x)), heads(self.wk(x)), heads(self.wv(x))
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        causal = torch.tril(torch.ones(t, t, dtype=torch.bool))
        # widen the new tokens' causal mask to the cache length
        causal = F.pad(causal, (0, k.shape[2] - t), value=False)
        s = (q @ k.transpose(-2, -1)) / math.sqrt(dh)
        s = torch.where(causal, s, torch.tensor(float("-inf")))
        y = torch.softmax(s, -1) @ v
        return self.wo(y.transpose(1, 2).contiguous().view(b, t, d)), (k, v)
