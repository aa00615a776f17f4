"""GPT-NeoX / BLOOM style torch.baddbmm: a -1e9 float bias plus alpha * Q @ K^T in one call,
on [N, L, d] views of the inputs."""

import math

import torch


def attention(q, k, v, mask=None):
    lead = q.shape[:-2]
    lq, dk = q.shape[-2:]
    lk, dv = k.shape[-2], v.shape[-1]
    q_ = q.reshape(-1, lq, dk)
    k_ = k.reshape(-1, lk, dk)
    v_ = v.reshape(-1, lk, dv)
    if mask is None:
        bias = torch.zeros(q_.shape[0], lq, lk, dtype=q.dtype)
    else:
        blocked = (~mask.bool()).to(q.dtype) * -1e9
        bias = blocked.expand(*lead, lq, lk).reshape(-1, lq, lk)
    scores = torch.baddbmm(bias, q_, k_.transpose(1, 2), beta=1.0, alpha=1.0 / math.sqrt(dk))
    probs = torch.softmax(scores, dim=-1)
    return torch.bmm(probs, v_).view(*lead, lq, dv)
