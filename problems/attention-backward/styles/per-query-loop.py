"""One query at a time, as attention is often first explained: each query's weights over
the keys, and its contributions added into grad_k and grad_v."""

import math

import numpy as np


def attention_backward(q, k, v, grad_out):
    lq, d = q.shape
    grad_q = np.zeros_like(q)
    grad_k = np.zeros_like(k)
    grad_v = np.zeros_like(v)
    for i in range(lq):
        scores = k @ q[i] / math.sqrt(d)  # [Lk]
        w = np.exp(scores - scores.max())
        w /= w.sum()
        grad_v += np.outer(w, grad_out[i])
        dw = v @ grad_out[i]  # [Lk]
        ds = w * (dw - dw @ w)
        grad_q[i] = ds @ k / math.sqrt(d)
        grad_k += np.outer(ds, q[i]) / math.sqrt(d)
    return grad_q, grad_k, grad_v
