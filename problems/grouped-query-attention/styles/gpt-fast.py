"""gpt-fast (pytorch-labs) Attention.forward: `k.repeat_interleave(n_head // n_local_heads,
dim=1)` before attention; the fused F.scaled_dot_product_attention call (forbidden here)
written out by hand with a manual, max-shifted softmax."""

import math


def grouped_query_attention(q, k, v, mask=None):
    n_head, n_local_heads = q.shape[1], k.shape[1]
    k = k.repeat_interleave(n_head // n_local_heads, dim=1)
    v = v.repeat_interleave(n_head // n_local_heads, dim=1)
    att = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        att = att.masked_fill(mask.logical_not(), -1e9)
    att = att - att.amax(dim=-1, keepdim=True)
    att = att.exp()
    att = att / att.sum(dim=-1, keepdim=True)
    return att @ v
