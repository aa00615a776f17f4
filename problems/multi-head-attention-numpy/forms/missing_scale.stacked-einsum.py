# Wrong: stacked-heads einsum version that forgets the 1/sqrt(d_k) scale.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    Wq, Wk, Wv = np.stack(wq), np.stack(wk), np.stack(wv)  # [h, d_model, d_k]
    q = np.einsum("bld,hdk->bhlk", x, Wq)
    k = np.einsum("bld,hdk->bhlk", x, Wk)
    v = np.einsum("bld,hdk->bhlk", x, Wv)
    scores = np.einsum("bhqk,bhsk->bhqs", q, k)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attn = np.exp(scores)
    attn /= attn.sum(axis=-1, keepdims=True)
    out = np.einsum("bhqs,bhsk->bhqk", attn, v)  # [B, h, L, d_k]
    B, h, L, d_k = out.shape
    concat = out.transpose(0, 2, 1, 3).reshape(B, L, h * d_k)
    return concat @ wo
