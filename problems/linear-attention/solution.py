import torch
import torch.nn.functional as F


def linear_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False
) -> torch.Tensor:
    # A positive feature map stands in for exp(q . k): sim(q, k) = phi(q) . phi(k) > 0.
    phi_q = F.elu(q) + 1  # [B, L, d]
    phi_k = F.elu(k) + 1  # [B, L, d]
    # Associativity: (phi_q phi_k^T) v = phi_q (phi_k^T v), so the [L, L] matrix is never
    # built. kv holds sum_j phi(k_j) v_j^T, z holds sum_j phi(k_j), for the keys i may see.
    if causal:
        # Position i sees j <= i: running (inclusive) sums along the sequence.
        kv = torch.cumsum(phi_k.unsqueeze(-1) * v.unsqueeze(-2), dim=1)  # [B, L, d, dv]
        z = torch.cumsum(phi_k, dim=1)  # [B, L, d]
        numerator = torch.einsum("bld,blde->ble", phi_q, kv)  # [B, L, dv]
    else:
        kv = phi_k.transpose(1, 2) @ v  # [B, d, dv]
        z = phi_k.sum(dim=1, keepdim=True)  # [B, 1, d], broadcast over queries
        numerator = phi_q @ kv  # [B, L, dv]
    # The denominator normalises the weights phi_q . phi_k_j to sum to 1, like softmax.
    denominator = (phi_q * z).sum(dim=-1, keepdim=True)  # [B, L, 1]
    return numerator / denominator
