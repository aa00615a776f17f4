import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_latent: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0, "d_model must split evenly into heads"
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        # Down-projection: one small latent per token, shared by keys and values.
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        # Up-projections: the keys and values of all heads are rebuilt from the latent.
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def _split(self, t: torch.Tensor) -> torch.Tensor:
        """[B, L, d_model] -> [B, h, L, d_head]: cut the features into heads, move h forward."""
        b, length, _ = t.shape
        return t.view(b, length, self.num_heads, self.d_head).transpose(1, 2)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        b, length, d_model = x.shape
        c = self.w_dkv(x)  # [B, L, d_latent]: at inference this is all the cache has to hold
        q = self._split(self.w_q(x))  # [B, h, L, d_head]
        k = self._split(self.w_uk(c))  # [B, h, L, d_head]
        v = self._split(self.w_uv(c))  # [B, h, L, d_head]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)  # [B, h, L, L]
        if mask is not None:
            scores = scores.masked_fill(~mask.bool(), float("-inf"))  # True = attend
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, L, d_head]
        out = out.transpose(1, 2).reshape(b, length, d_model)  # heads back side by side
        return self.w_o(out)
