"""nanoGPT's CausalSelfAttention (Karpathy), adapted to the contract: separate wq/wk/wv/wo
instead of c_attn/c_proj, a (k, v) cache concatenated along the time axis, and the causal
mask cut from the bottom of a square tril instead of a registered `bias` buffer.
"""

import math

import torch
import torch.nn.functional as F
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        assert d_model % num_heads == 0
        self.n_head = num_heads
        self.n_embd = d_model
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, x, cache=None):
        B, T, C = x.size()
        hs = C // self.n_head
        q = self.wq(x).view(B, T, self.n_head, hs).transpose(1, 2)  # (B, nh, T, hs)
        k = self.wk(x).view(B, T, self.n_head, hs).transpose(1, 2)
        v = self.wv(x).view(B, T, self.n_head, hs).transpose(1, 2)
        if cache is not None:
            k = torch.cat((cache[0], k), dim=2)
            v = torch.cat((cache[1], v), dim=2)
        S = k.size(2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        bias = torch.tril(torch.ones(S, S))[S - T :]  # the last T rows
        att = att.masked_fill(bias == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = att @ v  # (B, nh, T, hs)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.wo(y), (k, v)
