"""The embedding lookup as a matrix product: out = onehot(ids) @ W, so dW = onehot^T @ g.
This is how the lookup is explained in courses (d2l, cs224n); it costs an [n, V] matrix,
fine here, far too big for a real vocabulary."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    tokens = ids.reshape(-1)
    onehot = (tokens[:, None] == np.arange(vocab_size)).astype(grad_out.dtype)  # [n, V]
    if padding_idx is not None:
        onehot[:, padding_idx] = 0.0  # pad positions contribute to no row
    return onehot.T @ grad_out.reshape(-1, d)  # [V, d]
