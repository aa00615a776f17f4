"""Prefix sums written as a matrix product with a lower-triangular matrix of ones, T @ X,
instead of torch.cumsum (how cumsum is often done on accelerators without a scan), and
the non-causal sums as T = all ones; a small nn.Module holds the feature map."""

import torch
from torch import nn


class LinearAttention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.feature_map = nn.ELU()

    def forward(self, q, k, v, causal=False):
        phi_q, phi_k = self.feature_map(q) + 1, self.feature_map(k) + 1
        L = q.shape[1]
        ones = torch.ones(L, L, dtype=q.dtype)
        T = torch.tril(ones) if causal else ones  # which keys each query sums over
        outer = phi_k.unsqueeze(-1) * v.unsqueeze(-2)  # [B, L, d, dv]
        S = torch.einsum("ij,bjde->bide", T, outer)
        z = torch.einsum("ij,bjd->bid", T, phi_k)
        num = torch.einsum("bid,bide->bie", phi_q, S)
        return num / (phi_q * z).sum(-1, keepdim=True)


def linear_attention(q, k, v, causal=False):
    return LinearAttention()(q, k, v, causal)
