# Wrong: the causal mask is strictly lower triangular (diagonal=-1), hiding the token itself.
import torch
import torch.nn.functional as F


def linear_attention(q, k, v, causal=False):
    L = q.size(1)
    w = (F.elu(q) + 1) @ (F.elu(k) + 1).transpose(-1, -2)
    if causal:
        w = w.masked_fill(~torch.ones(L, L, dtype=torch.bool).tril(diagonal=-1), 0.0)
    return w @ v / w.sum(-1, keepdim=True)
