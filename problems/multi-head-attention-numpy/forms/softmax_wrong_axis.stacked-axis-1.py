# Wrong: with stacked heads [B, h, L, L], the softmax runs over axis 1 (the heads).
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    q = np.einsum("bld,hdk->bhlk", x, np.stack(wq))
    k = np.einsum("bld,hdk->bhlk", x, np.stack(wk))
    v = np.einsum("bld,hdk->bhlk", x, np.stack(wv))
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    attn = e / e.sum(axis=1, keepdims=True)
    out = (attn @ v).transpose(0, 2, 1, 3)
    return out.reshape(out.shape[0], out.shape[1], -1) @ wo
