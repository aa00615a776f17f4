"""d2l.ai's transpose_qkv / transpose_output helpers (heads folded into the batch,
[B*h, L, d_k]) with np.matmul as the batched product; the per-head weights concatenated first."""

import numpy as np


def transpose_qkv(X, num_heads):
    """Transposition for parallel computation of multiple attention heads."""
    X = X.reshape(X.shape[0], X.shape[1], num_heads, -1)
    X = X.transpose(0, 2, 1, 3)
    return X.reshape(-1, X.shape[2], X.shape[3])


def transpose_output(X, num_heads):
    """Reverse the operation of transpose_qkv."""
    X = X.reshape(-1, num_heads, X.shape[1], X.shape[2])
    X = X.transpose(0, 2, 1, 3)
    return X.reshape(X.shape[0], X.shape[1], -1)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    W_q, W_k, W_v = (np.hstack(w) for w in (wq, wk, wv))  # [d_model, d_model]
    queries = transpose_qkv(x @ W_q, num_heads)
    keys = transpose_qkv(x @ W_k, num_heads)
    values = transpose_qkv(x @ W_v, num_heads)
    d = queries.shape[-1]
    scores = np.matmul(queries, keys.transpose(0, 2, 1)) / np.sqrt(d)
    scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
    attention_weights = scores / scores.sum(axis=-1, keepdims=True)
    output = np.matmul(attention_weights, values)
    output_concat = transpose_output(output, num_heads)
    return output_concat @ wo
