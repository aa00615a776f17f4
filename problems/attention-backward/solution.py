import numpy as np


def attention_backward(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, grad_out: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gradients of out = softmax(q k^T / sqrt(d)) v with respect to q, k and v."""
    scale = 1.0 / np.sqrt(q.shape[-1])

    # Recompute the forward pass (a stable softmax: subtract each row's max).
    s = q @ k.T * scale  # [Lq, Lk]
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)  # [Lq, Lk], rows sum to 1

    # out = p @ v: the two matmul rules.
    grad_v = p.T @ grad_out  # [Lk, dv]
    grad_p = grad_out @ v.T  # [Lq, Lk]

    # Softmax backward, row by row: p * (grad_p - <grad_p, p>).
    grad_s = p * (grad_p - (grad_p * p).sum(axis=-1, keepdims=True))  # [Lq, Lk]

    # s = (q @ k.T) * scale: the scale multiplies both gradients.
    grad_q = grad_s @ k * scale  # [Lq, d]
    grad_k = grad_s.T @ q * scale  # [Lk, d]
    return grad_q, grad_k, grad_v
