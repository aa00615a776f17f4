import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Stable softmax: shifting by the row maximum changes nothing but keeps exp finite."""
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def scaled_dot_product_attention(q, k, v, mask=None):
    """softmax(q kᵀ / √d_k + mask · -1e9) v, where mask 1 = blocked."""
    d_k = q.shape[-1]
    # Swap only the last two axes of k (k.T would reverse the batch axis too).
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)  # [B, Lq, Lk]
    if mask is not None:
        # Broadcasting covers [B, Lq, Lk], [B, 1, Lk] and [Lq, Lk] alike; after exp a
        # blocked score is 0, however large the allowed ones are.
        scores = scores + mask * -1e9
    weights = softmax(scores, axis=-1)  # [B, Lq, Lk]: each query's row over the keys sums to 1
    return weights @ v, weights  # [B, Lq, dv], [B, Lq, Lk]
