import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Stable softmax: shifting by the row maximum changes nothing but keeps exp finite."""
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    """Self-attention in each head's own subspace; heads concatenated in order, then @ wo."""
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]  # each [B, L, d_k]
        # One head's dot products have d_k = d_model / h terms: scale by √d_k, not √d_model.
        d_k = q.shape[-1]
        scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)  # [B, L, L]
        heads.append(softmax(scores, axis=-1) @ v)  # [B, L, d_k]
    concat = np.concatenate(heads, axis=-1)  # [B, L, d_model], head 0 first
    return concat @ wo  # W_O mixes the heads: [B, L, d_model]
