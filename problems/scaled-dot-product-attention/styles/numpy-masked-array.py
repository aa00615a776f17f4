"""numpy.ma: blocked scores are masked out of max/exp/sum, then filled with 0 weight."""

import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = np.einsum("bid,bjd->bij", q, k) / np.sqrt(q.shape[-1])
    blocked = np.ma.nomask
    if mask is not None:
        blocked = np.broadcast_to(np.asarray(mask) != 0, scores.shape)
    s = np.ma.masked_array(scores, mask=blocked)
    e = np.ma.exp(s - s.max(axis=-1, keepdims=True))
    weights = (e / e.sum(axis=-1, keepdims=True)).filled(0.0)
    return np.einsum("bij,bjd->bid", weights, v), weights
