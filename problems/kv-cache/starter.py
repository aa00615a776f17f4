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
        """x: [B, T_new, d_model]; cache: None or (k, v), each [B, h, T_past, d_head].

        Returns (output [B, T_new, d_model], (k, v) each [B, h, T_past + T_new, d_head]).
        """
        b, t_new, _ = x.shape
        k = self.wk(x).view(b, t_new, self.num_heads, self.d_head).transpose(1, 2)
        v = self.wv(x).view(b, t_new, self.num_heads, self.d_head).transpose(1, 2)
        # TODO: queries, join the cache, causal mask offset by T_past, softmax, merge heads, wo
        return torch.zeros_like(x), (k, v)
