"""Known mistakes in NumPy multi-head attention."""

import numpy as np


def _softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def missing_scale(x, wq, wk, wv, wo, num_heads=8):
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        heads.append(_softmax(q @ np.swapaxes(k, -1, -2)) @ v)
    return np.concatenate(heads, axis=-1) @ wo


def missing_output_projection(x, wq, wk, wv, wo, num_heads=8):
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        heads.append(_softmax(q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])) @ v)
    return np.concatenate(heads, axis=-1)


def scale_by_d_model(x, wq, wk, wv, wo, num_heads=8):
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        heads.append(_softmax(q @ np.swapaxes(k, -1, -2) / np.sqrt(x.shape[-1])) @ v)
    return np.concatenate(heads, axis=-1) @ wo


MISTAKES = {
    "missing_scale": missing_scale,
    "missing_output_projection": missing_output_projection,
    "wrong_scale": scale_by_d_model,
}
