"""d2l-style derivation with the softmax Jacobian written out for every query row,
J = diag(p) - p p^T, then the matmul rules; float64 throughout and a helper per step."""

import numpy as np


def softmax_rows(x):
    z = x - np.max(x, axis=1, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=1, keepdims=True)


def softmax_jacobians(p):
    """[Lq, Lk, Lk]: one Jacobian per row."""
    return np.einsum("ij,jk->ijk", p, np.eye(p.shape[1])) - p[:, :, None] * p[:, None, :]


def attention_backward(q, k, v, grad_out):
    d = q.shape[1]
    p = softmax_rows(q @ k.T / np.sqrt(d))
    grad_v = p.T @ grad_out
    grad_p = grad_out @ v.T
    grad_s = np.einsum("ijk,ij->ik", softmax_jacobians(p), grad_p)
    grad_q = grad_s @ k / np.sqrt(d)
    grad_k = grad_s.T @ q / np.sqrt(d)
    return grad_q, grad_k, grad_v
