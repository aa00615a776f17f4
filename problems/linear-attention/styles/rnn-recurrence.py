"""The recurrent form from "Transformers are RNNs" (Katharopoulos et al. 2020):
s_i = s_{i-1} + phi(k_i) v_i^T, z_i = z_{i-1} + phi(k_i), y_i = phi(q_i)^T s_i / phi(q_i)^T z_i,
one position at a time as in autoregressive decoding. The non-causal case uses the final
state for every query."""

import torch
import torch.nn.functional as F


def linear_attention(query, key, value, causal=False):
    phi_q, phi_k = F.elu(query) + 1, F.elu(key) + 1
    batch, length, d = query.shape
    s = query.new_zeros(batch, d, value.shape[-1])
    z = query.new_zeros(batch, d)
    outputs = []
    for i in range(length):
        s = s + torch.einsum("bd,be->bde", phi_k[:, i], value[:, i])
        z = z + phi_k[:, i]
        if causal:
            num = torch.einsum("bd,bde->be", phi_q[:, i], s)
            outputs.append(num / (phi_q[:, i] * z).sum(-1, keepdim=True))
    if causal:
        return torch.stack(outputs, dim=1)
    return torch.einsum("bld,bde->ble", phi_q, s) / torch.einsum("bld,bd->bl", phi_q, z)[..., None]
