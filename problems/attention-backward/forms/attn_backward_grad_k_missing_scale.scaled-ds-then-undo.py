# Wrong: dq taken from the scaled dS, dk from the unscaled one.
import numpy as np


def attention_backward(q, k, v, grad_out):
    d = q.shape[-1]
    s = q @ k.T / np.sqrt(d)
    e = np.exp(s - s.max(-1, keepdims=True))
    p = e / e.sum(-1, keepdims=True)
    dp = grad_out @ v.T
    ds = p * dp - p * (p * dp).sum(-1, keepdims=True)
    ds_scaled = ds / np.sqrt(d)
    return ds_scaled @ k, ds.T @ q, p.T @ grad_out
