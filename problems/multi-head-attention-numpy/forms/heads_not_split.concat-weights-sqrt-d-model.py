# Wrong: concatenates the per-head weights and runs one attention over the whole d_model.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    Q = x @ np.concatenate(wq, axis=1)
    K = x @ np.concatenate(wk, axis=1)
    V = x @ np.concatenate(wv, axis=1)
    scores = Q @ K.transpose(0, 2, 1) / np.sqrt(Q.shape[-1])
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return (w @ V) @ wo
