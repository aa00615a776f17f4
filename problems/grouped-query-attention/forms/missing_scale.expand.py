# Wrong: no 1/sqrt(d) before the softmax.
import torch


def grouped_query_attention(q, k, v, mask=None):
    B, Hq, L, D = q.shape
    Hkv, S = k.shape[1], k.shape[2]
    n_rep = Hq // Hkv
    k = k[:, :, None].expand(B, Hkv, n_rep, S, D).reshape(B, Hq, S, D)
    v = v[:, :, None].expand(B, Hkv, n_rep, S, D).reshape(B, Hq, S, D)
    att = q @ k.transpose(-2, -1)
    if mask is not None:
        att = torch.where(mask, att, torch.full_like(att, -1e9))
    return att.softmax(-1) @ v
