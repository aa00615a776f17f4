# Wrong: per-batch loop that forgets to scale the dot products by 1/sqrt(d_k).
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    B, Lq, _ = q.shape
    Lk = k.shape[1]
    if mask is not None:
        mask = np.broadcast_to(mask, (B, Lq, Lk))
    outputs, all_weights = [], []
    for b in range(B):
        s = np.dot(q[b], k[b].T)
        if mask is not None:
            s = s - 1e9 * mask[b]
        s = s - s.max(axis=1, keepdims=True)
        w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
        outputs.append(np.dot(w, v[b]))
        all_weights.append(w)
    return np.stack(outputs), np.stack(all_weights)
