# Wrong: subtracts the current term from the cumsum, so position i only sees j < i.
import torch
import torch.nn.functional as F


def linear_attention(q, k, v, causal=False):
    q, k = F.elu(q) + 1, F.elu(k) + 1
    kv_terms = torch.einsum("bld,ble->blde", k, v)
    if causal:
        kv = kv_terms.cumsum(1) - kv_terms
        z = k.cumsum(1) - k
    else:
        kv = kv_terms.sum(1, keepdim=True)
        z = k.sum(1, keepdim=True)
    num = torch.einsum("bld,blde->ble", q, kv.expand(-1, q.shape[1], -1, -1))
    return num / (q * z).sum(-1, keepdim=True)
