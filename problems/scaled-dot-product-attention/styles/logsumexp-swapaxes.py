"""Weights as exp(s - logsumexp(s)); K^T via np.swapaxes; a float bias built from the mask and
added."""

import numpy as np


def _logsumexp(a, axis=-1):
    top = np.max(a, axis=axis, keepdims=True)
    return top + np.log(np.sum(np.exp(a - top), axis=axis, keepdims=True))


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) * d_k**-0.5
    if mask is not None:
        bias = np.where(np.asarray(mask).astype(bool), -1e9, 0.0)
        scores = scores + bias
    weights = np.exp(scores - _logsumexp(scores))
    return weights @ v, weights
