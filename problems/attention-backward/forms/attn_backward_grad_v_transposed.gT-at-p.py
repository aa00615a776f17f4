# Wrong: grad_v computed as grad_out^T @ p: [dv, Lk] instead of [Lk, dv].
import numpy as np


def attention_backward(q, k, v, grad_out):
    scale = 1 / np.sqrt(q.shape[-1])
    s = q @ k.T * scale
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    grad_v = grad_out.T @ p
    dp = grad_out @ v.T
    ds = p * (dp - (dp * p).sum(-1, keepdims=True))
    return ds @ k * scale, ds.T @ q * scale, grad_v
