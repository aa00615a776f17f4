import torch


def grouped_query_attention(q, k, v, mask=None):
    """Grouped-query attention.

    q: [B, Hq, Lq, d]; k, v: [B, Hkv, Lk, d], Hq divisible by Hkv.
    Query head h uses key/value head h // (Hq // Hkv).
    mask: optional bool, broadcastable to [B, Hq, Lq, Lk]; True = may attend.
    Returns [B, Hq, Lq, d].
    """
    # TODO: share each key/value head with its group of query heads, scale, mask, softmax
    return torch.zeros_like(q)
