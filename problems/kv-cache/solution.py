import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0, "d_model must split evenly into heads"
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, t: torch.Tensor) -> torch.Tensor:
        """[B, T, d_model] -> [B, h, T, d_head]: the layout the cache is kept in."""
        b, length, _ = t.shape
        return t.view(b, length, self.num_heads, self.d_head).transpose(1, 2)

    def forward(self, x, cache=None):
        b, t_new, d_model = x.shape
        # Only the new tokens are projected: cached keys and values never change.
        q = self._split(self.wq(x))  # [B, h, T_new, d_head]
        k = self._split(self.wk(x))  # [B, h, T_new, d_head]
        v = self._split(self.wv(x))  # [B, h, T_new, d_head]
        if cache is not None:
            past_k, past_v = cache
            # torch.cat builds new tensors: the caller's cache is left as it was.
            k = torch.cat([past_k, k], dim=2)  # [B, h, T_total, d_head]
            v = torch.cat([past_v, v], dim=2)
        t_total = k.shape[2]
        t_past = t_total - t_new

        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)  # [B, h, T_new, T_total]
        # New token t is position t_past + t: it sees keys 0 .. t_past + t. The mask is the
        # bottom rows of a square causal mask, so the diagonal is shifted by t_past.
        allowed = torch.ones(t_new, t_total, dtype=torch.bool, device=x.device).tril(t_past)
        scores = scores.masked_fill(~allowed, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, T_new, d_head]
        out = out.transpose(1, 2).reshape(b, t_new, d_model)  # heads back in feature order
        return self.wo(out), (k, v)
