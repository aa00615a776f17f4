# Wrong: stacked-heads version that returns the merged heads without the wo projection.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    q = np.einsum("bld,hdk->bhlk", x, np.stack(wq))
    k = np.einsum("bld,hdk->bhlk", x, np.stack(wk))
    v = np.einsum("bld,hdk->bhlk", x, np.stack(wv))
    d_k = q.shape[-1]
    scores = np.einsum("bhik,bhjk->bhij", q, k) / np.sqrt(d_k)
    scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
    attn = scores / scores.sum(axis=-1, keepdims=True)
    out = np.einsum("bhij,bhjk->bihk", attn, v)  # [B, L, h, d_k]
    return out.reshape(out.shape[0], out.shape[1], -1)
