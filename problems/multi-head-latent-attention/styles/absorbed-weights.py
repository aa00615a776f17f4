"""The inference form from the DeepSeek-V2 paper: W_uk is absorbed into the query side and
W_uv into the output side, so attention runs directly over the latents c (what an MLA KV
cache stores) and per-head keys and values are never built. Same numbers as the explicit
form, up to rounding."""

import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        B, L, D = x.shape
        h, dh = self.num_heads, self.d_head
        c = self.w_dkv(x)  # [B, L, r]
        q = self.w_q(x).view(B, L, h, dh)  # [B, L, h, dh]
        w_uk = self.w_uk.weight.view(h, dh, -1)  # [h, dh, r]: head i's key = W_uk[i] @ c
        w_uv = self.w_uv.weight.view(h, dh, -1)  # [h, dh, r]
        q_latent = torch.einsum("blhd,hdr->bhlr", q, w_uk)  # queries moved into latent space
        scores = q_latent @ c.unsqueeze(1).transpose(-2, -1) / math.sqrt(dh)  # [B, h, L, L]
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        mixed = scores.softmax(-1) @ c.unsqueeze(1)  # [B, h, L, r]: weighted latents
        out = torch.einsum("bhlr,hdr->blhd", mixed, w_uv).reshape(B, L, D)
        return self.w_o(out)
