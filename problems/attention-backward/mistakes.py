"""Known mistakes in the attention backward pass."""

import numpy as np


def _backward(q, k, v, grad_out, *, scale_q=True, scale_k=True, full_softmax=True, v_t=False):
    scale = 1.0 / np.sqrt(q.shape[-1])
    s = q @ k.T * scale
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    grad_v = grad_out.T @ p if v_t else p.T @ grad_out
    grad_p = grad_out @ v.T
    if full_softmax:
        grad_s = p * (grad_p - (grad_p * p).sum(axis=-1, keepdims=True))
    else:
        grad_s = p * (1 - p) * grad_p
    grad_q = grad_s @ k * (scale if scale_q else 1.0)
    grad_k = grad_s.T @ q * (scale if scale_k else 1.0)
    return grad_q, grad_k, grad_v


def attn_backward_missing_scale(q, k, v, grad_out):
    return _backward(q, k, v, grad_out, scale_q=False, scale_k=False)


def attn_backward_softmax_diagonal_only(q, k, v, grad_out):
    return _backward(q, k, v, grad_out, full_softmax=False)


def attn_backward_grad_v_transposed(q, k, v, grad_out):
    return _backward(q, k, v, grad_out, v_t=True)


def attn_backward_grad_k_missing_scale(q, k, v, grad_out):
    return _backward(q, k, v, grad_out, scale_k=False)


MISTAKES = {
    "attn_backward_missing_scale": attn_backward_missing_scale,
    "attn_backward_softmax_diagonal_only": attn_backward_softmax_diagonal_only,
    "attn_backward_grad_v_transposed": attn_backward_grad_v_transposed,
    "attn_backward_grad_k_missing_scale": attn_backward_grad_k_missing_scale,
}

MESSAGES = {
    "attn_backward_missing_scale": {
        "en": "grad_q and grad_k are sqrt(d) times too large: the forward pass scales the scores "
        "by 1/sqrt(d), so the chain rule multiplies both grad_q = dS @ k and grad_k = dS^T @ q "
        "by 1/sqrt(d) as well.",
        "zh": "grad_q 和 grad_k 都大了 sqrt(d) 倍：前向把分数乘了 1/sqrt(d)，按链式法则，"
        "grad_q = dS @ k 和 grad_k = dS^T @ q 也都要乘 1/sqrt(d)。",
    },
    "attn_backward_softmax_diagonal_only": {
        "en": "Through the softmax you used p * (1 - p) * dP, only the diagonal of its Jacobian. "
        "Each weight depends on every score of its row: dS = p * (dP - sum(dP * p, axis=-1)).",
        "zh": "经过 softmax 时你用了 p * (1 - p) * dP，只取了雅可比矩阵的对角线。"
        "每个权重都依赖同一行的所有分数：dS = p * (dP - sum(dP * p, axis=-1))。",
    },
    "attn_backward_grad_v_transposed": {
        "en": "grad_v is transposed: you returned grad_out^T @ p, shape [dv, Lk]. out = p @ v, "
        "so grad_v = p^T @ grad_out, shape [Lk, dv] like v.",
        "zh": "grad_v 转置了：你返回的是 grad_out^T @ p，形状 [dv, Lk]。out = p @ v，"
        "所以 grad_v = p^T @ grad_out，形状与 v 相同，是 [Lk, dv]。",
    },
    "attn_backward_grad_k_missing_scale": {
        "en": "grad_k is sqrt(d) times too large: you scaled grad_q by 1/sqrt(d) but not grad_k. "
        "The scores are q k^T / sqrt(d), symmetric in q and k: grad_k = dS^T @ q / sqrt(d).",
        "zh": "grad_k 大了 sqrt(d) 倍：grad_q 乘了 1/sqrt(d)，grad_k 却没乘。"
        "分数 q k^T / sqrt(d) 对 q 和 k 是对称的：grad_k = dS^T @ q / sqrt(d)。",
    },
}
