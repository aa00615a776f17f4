import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _heads(self, t):
        return t.unflatten(-1, (self.num_heads, self.head_dim)).transpose(1, 2)

    def forward(self, x, cache=None):
        q, k, v = self._heads(self.wq(x)), self._heads(self.wk(x)), self._heads(self.wv(x))
        scores_mask = None
        if cache is None:  # prefill: causal
            n = x.shape[1]
            scores_mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
        else:  # decoding: the new tokens may look at everything
            k = torch.cat((cache[0], k), dim=-2)
            v = torch.cat((cache[1], v), dim=-2)
        scores = q @ k.transpose(-1, -2) * self.head_dim**-0.5
        if scores_mask is not None:
            scores = scores.masked_fill(scores_mask, -1e9)
        out = scores.softmax(-1) @ v
        return self.wo(out.transpose(1, 2).flatten(2)), (k, v)
