import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    """Scaled dot-product attention.

    q: [B, Lq, dk], k: [B, Lk, dk], v: [B, Lk, dv]
    mask: None or 0/1 array broadcastable to [B, Lq, Lk]; 1 = blocked.
    Returns (output [B, Lq, dv], attention_weights [B, Lq, Lk]).
    """
    B, Lq, Lk, dv = q.shape[0], q.shape[1], k.shape[1], v.shape[-1]
    # TODO: scores -> mask -> softmax -> weighted sum of v
    attention_weights = np.zeros((B, Lq, Lk))
    output = np.zeros((B, Lq, dv))
    return output, attention_weights
