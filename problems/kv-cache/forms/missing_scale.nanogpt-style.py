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
        B, T, C = x.size()
        q = self.wq(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = self.wk(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = self.wv(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        if cache is not None:
            k = torch.cat((cache[0], k), dim=2)
            v = torch.cat((cache[1], v), dim=2)
        S = k.size(2)
        att = q @ k.transpose(-2, -1)
        att = att.masked_fill(torch.ones(T, S).tril(S - T) == 0, float("-inf"))
        att = torch.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.wo(y), (k, v)
