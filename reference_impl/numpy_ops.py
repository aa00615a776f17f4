"""NumPy references: softmax, attention, multi-head attention, PE, layer norm, FFN."""

from __future__ import annotations

import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Softmax along `axis`, shifted by the maximum so that exp never overflows."""
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def scaled_dot_product_attention(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """softmax(q k^T / sqrt(d_k) + mask * -1e9) v; mask 1 = blocked."""
    d_k = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)  # [B, Lq, Lk]
    if mask is not None:
        scores = scores + mask * -1e9
    weights = softmax(scores, axis=-1)  # [B, Lq, Lk]
    return weights @ v, weights  # [B, Lq, dv], [B, Lq, Lk]


def multi_head_attention(
    x: np.ndarray,
    wq: list[np.ndarray],
    wk: list[np.ndarray],
    wv: list[np.ndarray],
    wo: np.ndarray,
    num_heads: int = 8,
) -> np.ndarray:
    """Self-attention per head with x @ w[i], heads concatenated then projected by wo."""
    heads = []
    for i in range(num_heads):
        out, _ = scaled_dot_product_attention(x @ wq[i], x @ wk[i], x @ wv[i])  # [B, L, d_k]
        heads.append(out)
    return np.concatenate(heads, axis=-1) @ wo  # [B, L, d_model]


def positional_encoding(max_seq_len: int, d_model: int) -> np.ndarray:
    """Sinusoidal table: sin on even columns, cos on odd columns."""
    pos = np.arange(max_seq_len, dtype=np.float64)[:, None]  # [L, 1]
    two_i = np.arange(0, d_model, 2, dtype=np.float64)  # [d_model / 2]
    angle = pos / np.power(10000.0, two_i / d_model)  # [L, d_model / 2]
    pe = np.zeros((max_seq_len, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    """Normalise over the last axis with biased variance and eps inside the sqrt."""
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def feed_forward(
    x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray
) -> np.ndarray:
    """Position-wise FFN: max(0, x w1 + b1) w2 + b2."""
    return np.maximum(0.0, x @ w1 + b1) @ w2 + b2
