# Wrong: the scale applied to grad_q only.
import numpy as np


def attention_backward(q, k, v, grad_out):
    scale = 1.0 / np.sqrt(q.shape[-1])
    s = q @ k.T * scale
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    dp = grad_out @ v.T
    ds = p * (dp - (dp * p).sum(axis=-1, keepdims=True))
    grad_q = ds @ k * scale
    grad_k = ds.T @ q
    return grad_q, grad_k, p.T @ grad_out
