"""picoGPT's mha (jaymody/picoGPT): qkv projection, split into heads with np.split, attention per
head, merge. picoGPT works on [n_seq, n_embd] with a fused c_attn, a causal mask, biases and
np.hstack; here the per-head weights are concatenated into the fused matrix, there is no mask or
bias, the input is [B, L, d_model], so the merge concatenates on the last axis."""

import numpy as np


def softmax(x):
    exp_x = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return exp_x / np.sum(exp_x, axis=-1, keepdims=True)


def attention(q, k, v):  # [n_q, d_k], [n_k, d_k], [n_k, d_v] -> [n_q, d_v]
    return softmax(q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])) @ v


def multi_head_attention(x, wq, wk, wv, wo, n_head=8):
    c_attn = np.concatenate(list(wq) + list(wk) + list(wv), axis=-1)  # [d_model, 3 * d_model]

    # qkv projection
    x = x @ c_attn  # [B, n_seq, d_model] -> [B, n_seq, 3*d_model]

    # split into qkv
    qkv = np.split(x, 3, axis=-1)  # -> [3, B, n_seq, d_model]

    # split into heads
    # -> [3, n_head, B, n_seq, d_model / n_head]
    qkv_heads = list(map(lambda x: np.split(x, n_head, axis=-1), qkv))

    # perform attention over each head
    out_heads = [attention(q, k, v) for q, k, v in zip(*qkv_heads)]  # noqa: B905  # -> [n_head, B, n_seq, d_k]

    # merge heads
    x = np.concatenate(out_heads, axis=-1)  # -> [B, n_seq, d_model]

    # out projection
    x = x @ wo  # [B, n_seq, d_model] -> [B, n_seq, d_model]

    return x
