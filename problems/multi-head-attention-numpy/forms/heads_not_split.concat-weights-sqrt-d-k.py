# Wrong: one attention over the full d_model (heads never split), though scaled by sqrt(d_k).
import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    d_k = x.shape[-1] // num_heads
    W_q = np.hstack(wq)
    W_k = np.hstack(wk)
    W_v = np.hstack(wv)
    q, k, v = x @ W_q, x @ W_k, x @ W_v
    attn = softmax(q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k))
    return attn @ v @ wo
