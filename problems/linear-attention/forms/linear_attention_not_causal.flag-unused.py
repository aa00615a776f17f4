# Wrong: `causal` is accepted but never used.
import torch
import torch.nn.functional as F


def linear_attention(q, k, v, causal=False):
    q, k = F.elu(q) + 1, F.elu(k) + 1
    kv = torch.einsum("bld,ble->bde", k, v)
    z = k.sum(dim=1)
    return torch.einsum("bld,bde->ble", q, kv) / torch.einsum("bld,bd->bl", q, z).unsqueeze(-1)
