"""Trusted reference: linear attention of Katharopoulos et al. (2020), "Transformers are
RNNs", with the feature map phi(x) = elu(x) + 1 and no epsilon in the denominator.

Non-causal: out_i = phi(q_i)^T (sum_j phi(k_j) v_j^T) / (phi(q_i)^T sum_j phi(k_j)).
Causal: the same with the sums over j <= i, as cumulative sums along the sequence.
"""

import torch
import torch.nn.functional as F


def linear_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False
) -> torch.Tensor:
    """q, k [B, L, d], v [B, L, dv] -> [B, L, dv]."""
    q, k = F.elu(q) + 1, F.elu(k) + 1  # [B, L, d], positive
    if causal:
        kv = torch.cumsum(torch.einsum("bld,ble->blde", k, v), dim=1)  # [B, L, d, dv]
        z = torch.cumsum(k, dim=1)  # [B, L, d]
        numerator = torch.einsum("bld,blde->ble", q, kv)  # [B, L, dv]
        denominator = (q * z).sum(dim=-1)  # [B, L]
    else:
        kv = torch.einsum("bld,ble->bde", k, v)  # [B, d, dv]
        z = k.sum(dim=1)  # [B, d]
        numerator = torch.einsum("bld,bde->ble", q, kv)  # [B, L, dv]
        denominator = torch.einsum("bld,bd->bl", q, z)  # [B, L]
    return numerator / denominator.unsqueeze(-1)
