# Wrong: zeroes the pad positions' gradient, then a buffered fancy-index +=.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    g = grad_out.copy()
    if padding_idx is not None:
        g[ids == padding_idx] = 0.0
    table_grad = np.zeros((vocab_size, g.shape[-1]))
    table_grad[ids.ravel()] += g.reshape(ids.size, -1)
    return table_grad
