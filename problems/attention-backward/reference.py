"""Trusted reference for attention-backward: the gradients of
out = softmax(q k^T / sqrt(d)) v with respect to q, k and v, in float64. Checked against
torch autograd outside grading."""

import numpy as np


def attention_backward(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, grad_out: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dL/dq [Lq, d], dL/dk [Lk, d], dL/dv [Lk, dv]) given dL/dout = grad_out [Lq, dv]."""
    q, k, v, grad_out = (np.asarray(a, dtype=np.float64) for a in (q, k, v, grad_out))
    scale = 1.0 / np.sqrt(q.shape[-1])
    scores = q @ k.T * scale  # [Lq, Lk]
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)  # [Lq, Lk]
    grad_v = weights.T @ grad_out  # [Lk, dv]
    grad_weights = grad_out @ v.T  # [Lq, Lk]
    row = (grad_weights * weights).sum(axis=-1, keepdims=True)  # [Lq, 1]
    grad_scores = weights * (grad_weights - row)  # [Lq, Lk]
    grad_q = grad_scores @ k * scale  # [Lq, d]
    grad_k = grad_scores.T @ q * scale  # [Lk, d]
    return grad_q, grad_k, grad_v
