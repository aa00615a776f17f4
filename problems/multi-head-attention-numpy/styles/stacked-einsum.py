"""Per-head weights stacked to [h, d_model, d_k]; every step one np.einsum."""

import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    Wq, Wk, Wv = np.stack(wq), np.stack(wk), np.stack(wv)  # [h, d_model, d_k]
    d_k = Wq.shape[-1]
    Q = np.einsum("bld,hdk->bhlk", x, Wq)
    K = np.einsum("bld,hdk->bhlk", x, Wk)
    V = np.einsum("bld,hdk->bhlk", x, Wv)
    scores = np.einsum("bhik,bhjk->bhij", Q, K) / np.sqrt(d_k)
    scores -= scores.max(axis=-1, keepdims=True)
    A = np.exp(scores)
    A /= A.sum(axis=-1, keepdims=True)
    heads = np.einsum("bhij,bhjk->bihk", A, V)  # [B, L, h, d_k]
    B, L = x.shape[:2]
    concat = heads.reshape(B, L, num_heads * d_k)
    return np.einsum("bld,de->ble", concat, wo)
