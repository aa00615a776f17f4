"""argsort in descending order and a hand-written stable softmax in float64, cast back to
the logits' dtype; the indices come from argsort, already int64."""

import torch


def moe_router(logits, k):
    indices = torch.argsort(logits, dim=-1, descending=True)[:, :k]  # [T, k]
    top = logits.double().gather(-1, indices)  # [T, k]
    z = top - top.amax(dim=-1, keepdim=True)
    weights = z.exp() / z.exp().sum(dim=-1, keepdim=True)
    return weights.to(logits.dtype), indices
