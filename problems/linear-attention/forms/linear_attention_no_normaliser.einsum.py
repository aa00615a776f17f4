# Wrong: the key-value summary is right, but the result is never divided by phi(q) . sum phi(k).
import torch
import torch.nn.functional as F


def linear_attention(q, k, v, causal=False):
    q, k = F.elu(q) + 1, F.elu(k) + 1
    if causal:
        kv = torch.einsum("bld,ble->blde", k, v).cumsum(dim=1)
        return torch.einsum("bld,blde->ble", q, kv)
    kv = torch.einsum("bld,ble->bde", k, v)
    return torch.einsum("bld,bde->ble", q, kv)
