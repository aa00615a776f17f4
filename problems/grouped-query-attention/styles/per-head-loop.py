"""The whiteboard version: loop over the query heads and pick kv head h // group by hand,
one 2-D attention per head and batch element (interview style, plain loops)."""

import math

import torch


def grouped_query_attention(Q, K, V, attn_mask=None):
    batch, n_q_heads, len_q, dim = Q.shape
    n_kv_heads, len_k = K.shape[1], K.shape[2]
    group = n_q_heads // n_kv_heads
    if attn_mask is not None:
        attn_mask = attn_mask.expand(batch, n_q_heads, len_q, len_k)
    out = torch.empty_like(Q)
    for b in range(batch):
        for h in range(n_q_heads):
            kv = h // group
            s = Q[b, h] @ K[b, kv].T / math.sqrt(dim)  # [Lq, Lk]
            if attn_mask is not None:
                s = s.masked_fill(attn_mask[b, h] == 0, -1e9)
            out[b, h] = torch.softmax(s, dim=-1) @ V[b, kv]
    return out
