"""A loop over the batch: np.tensordot for QK^T, np.dot for AV, -inf written by boolean indexing."""

import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    batch, len_q, d_k = q.shape
    len_k = k.shape[1]
    scale = 1.0 / np.sqrt(d_k)
    blocked = None
    if mask is not None:
        blocked = np.broadcast_to(mask, (batch, len_q, len_k)) != 0
    outputs, weights = [], []
    for b in range(batch):
        s = np.tensordot(q[b], k[b], axes=([1], [1])) * scale  # [Lq, Lk]
        if blocked is not None:
            s[blocked[b]] = -np.inf  # no row is fully blocked
        s = s - s.max(axis=1, keepdims=True)
        w = np.exp(s)
        w /= w.sum(axis=1, keepdims=True)
        weights.append(w)
        outputs.append(np.dot(w, v[b]))
    return np.stack(outputs), np.stack(weights)
