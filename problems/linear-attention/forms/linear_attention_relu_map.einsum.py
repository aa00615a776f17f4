# Wrong: relu as the feature map instead of elu(x) + 1.
import torch


def linear_attention(q, k, v, causal=False):
    q, k = torch.relu(q), torch.relu(k)
    if causal:
        kv = torch.cumsum(torch.einsum("bld,ble->blde", k, v), dim=1)
        z = torch.cumsum(k, dim=1)
        return torch.einsum("bld,blde->ble", q, kv) / (q * z).sum(-1, keepdim=True)
    kv = torch.einsum("bld,ble->bde", k, v)
    z = k.sum(dim=1)
    return torch.einsum("bld,bde->ble", q, kv) / torch.einsum("bld,bd->bl", q, z)[..., None]
