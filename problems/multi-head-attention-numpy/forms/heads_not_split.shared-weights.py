# Wrong: flattens all heads' features and runs a single attention over the whole d_model.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    q = np.einsum("bld,hdk->blhk", x, np.stack(wq)).reshape(x.shape[0], x.shape[1], -1)
    k = np.einsum("bld,hdk->blhk", x, np.stack(wk)).reshape(x.shape[0], x.shape[1], -1)
    v = np.einsum("bld,hdk->blhk", x, np.stack(wv)).reshape(x.shape[0], x.shape[1], -1)
    scores = np.einsum("bid,bjd->bij", q, k) / np.sqrt(q.shape[-1])
    scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = scores / scores.sum(axis=-1, keepdims=True)
    return np.einsum("bij,bjd->bid", weights, v) @ wo
