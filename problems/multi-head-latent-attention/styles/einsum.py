"""All contractions as einsums on the raw weight matrices (`nn.Linear` stores [out, in]),
heads kept as an axis of the projected tensors instead of transposed, a `torch.where` mask."""

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_latent: int) -> None:
        super().__init__()
        self.h = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        B, L, D = x.shape
        dh = D // self.h
        c = torch.einsum("bld,rd->blr", x, self.w_dkv.weight)
        q = torch.einsum("bld,ed->ble", x, self.w_q.weight).reshape(B, L, self.h, dh)
        k = torch.einsum("blr,er->ble", c, self.w_uk.weight).reshape(B, L, self.h, dh)
        v = torch.einsum("blr,er->ble", c, self.w_uv.weight).reshape(B, L, self.h, dh)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) * dh**-0.5
        if mask is not None:
            scores = torch.where(mask, scores, torch.finfo(scores.dtype).min)
        weights = scores.softmax(dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", weights, v).reshape(B, L, D)
        return torch.einsum("ble,oe->blo", out, self.w_o.weight)
