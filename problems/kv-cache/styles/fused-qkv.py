"""One fused QKV matmul as in GPT-NeoX / Megatron-style kernels, built at call time from the
contract's wq, wk, wv (F.linear on the concatenated weights), then split with chunk; the
new cache returned as a list, which counts as the pair.
"""

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
        weight = torch.cat([self.wq.weight, self.wk.weight, self.wv.weight], dim=0)
        bias = torch.cat([self.wq.bias, self.wk.bias, self.wv.bias], dim=0)
        qkv = F.linear(x, weight, bias).view(b, t, 3, self.h, d // self.h)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)  # each [b, h, t, e]
        if cache is not None:
            past_k, past_v = cache
            k = torch.cat([past_k, k], dim=-2)
            v = torch.cat([past_v, v], dim=-2)
        total = k.shape[-2]
        future = torch.ones(t, total, dtype=torch.bool).triu(total - t + 1)
        scores = (q @ k.transpose(-1, -2)).div(math.sqrt(d // self.h)).masked_fill(future, -1e9)
        out = scores.softmax(dim=-1) @ v
        return self.wo(out.transpose(1, 2).reshape(b, t, d)), [k, v]
