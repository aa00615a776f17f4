# Wrong: a sigmoid-style local derivative helper reused for the softmax.
import numpy as np


def _softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _softmax_grad(p, dp):
    return dp * (p - p * p)


def attention_backward(q, k, v, grad_out):
    d_k = q.shape[-1]
    p = _softmax(q @ k.T / np.sqrt(d_k))
    dscores = _softmax_grad(p, grad_out @ v.T) / np.sqrt(d_k)
    return dscores @ k, dscores.T @ q, p.T @ grad_out
