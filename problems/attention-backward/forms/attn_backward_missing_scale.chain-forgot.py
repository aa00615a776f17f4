# Wrong: the scale is used to recompute the weights, then forgotten in the chain rule.
import numpy as np


def attention_backward(q, k, v, grad_out):
    d = q.shape[1]
    s = q @ k.T / np.sqrt(d)
    p = np.exp(s - s.max(1, keepdims=True))
    p = p / p.sum(1, keepdims=True)
    dv = p.T @ grad_out
    dp = grad_out @ v.T
    ds = p * (dp - (dp * p).sum(1, keepdims=True))
    return ds @ k, ds.T @ q, dv
