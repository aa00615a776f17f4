"""np.bincount with weights, one embedding column at a time: bincount(ids, weights=g[:, j],
minlength=V) sums column j of the gradient per id, which is the scatter-add for that
column. Fast in practice: bincount is a single C loop."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    flat = ids.ravel()
    g = grad_out.reshape(flat.size, -1)
    columns = [np.bincount(flat, weights=g[:, j], minlength=vocab_size) for j in range(g.shape[1])]
    dW = np.stack(columns, axis=1)  # [V, d]
    if padding_idx is not None:
        dW[padding_idx] = 0
    return dW
