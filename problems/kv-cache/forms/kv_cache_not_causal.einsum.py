import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, x, cache=None):
        b, t, d = x.shape
        hd = d // self.n_head
        q = self.wq(x).reshape(b, t, self.n_head, hd).permute(0, 2, 1, 3)
        k = self.wk(x).reshape(b, t, self.n_head, hd).permute(0, 2, 1, 3)
        v = self.wv(x).reshape(b, t, self.n_head, hd).permute(0, 2, 1, 3)
        if cache is not None:
            past_k, past_v = cache
            k, v = torch.cat([past_k, k], 2), torch.cat([past_v, v], 2)
        w = torch.einsum("bhqd,bhkd->bhqk", q, k).div(hd**0.5).softmax(dim=-1)
        o = torch.einsum("bhqk,bhkd->bqhd", w, v).reshape(b, t, d)
        return self.wo(o), (k, v)
