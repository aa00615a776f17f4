"""einsum with '...' for 3-D and 4-D inputs, -inf instead of -1e9, the mask negated."""

import torch


def attention(q, k, v, mask=None):
    scores = torch.einsum("...qd,...kd->...qk", q, k) * q.shape[-1] ** -0.5
    if mask is not None:
        scores = scores.masked_fill(mask.logical_not(), float("-inf"))
    return torch.einsum("...qk,...kd->...qd", scores.softmax(dim=-1), v)
