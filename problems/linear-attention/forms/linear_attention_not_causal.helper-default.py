# Wrong: the helper takes `causal`, but the call forgets to pass it on.
import torch
import torch.nn.functional as F


def _kernel_attention(q, k, v, causal=False):
    phi_q, phi_k = F.elu(q) + 1, F.elu(k) + 1
    if causal:
        kv = torch.cumsum(phi_k[..., :, None] * v[..., None, :], dim=1)
        z = torch.cumsum(phi_k, dim=1)
        return (phi_q[..., None] * kv).sum(-2) / (phi_q * z).sum(-1, keepdim=True)
    kv = phi_k.transpose(1, 2) @ v
    return (phi_q @ kv) / (phi_q @ phi_k.sum(1, keepdim=True).transpose(1, 2))


def linear_attention(q, k, v, causal=False):
    return _kernel_attention(q, k, v)
