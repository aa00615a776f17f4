"""Leading dims flattened to [N, L, d] for torch.bmm; the mask is broadcast to the scores and
flattened the same way."""

import torch


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None):
    *lead, len_q, d_k = q.shape
    len_k, d_v = k.shape[-2], v.shape[-1]
    q3 = q.reshape(-1, len_q, d_k)
    k3 = k.reshape(-1, len_k, d_k)
    v3 = v.reshape(-1, len_k, d_v)
    scores = torch.bmm(q3, k3.transpose(1, 2)) / (d_k**0.5)  # [N, Lq, Lk]
    if mask is not None:
        keep = torch.broadcast_to(mask, (*lead, len_q, len_k)).reshape(-1, len_q, len_k)
        scores = scores.masked_fill(~keep, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return torch.bmm(weights, v3).reshape(*lead, len_q, d_v)
