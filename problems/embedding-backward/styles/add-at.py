"""The idiomatic NumPy scatter-add: np.add.at is the unbuffered form of dW[ids] += g, so a
repeated index is applied once per occurrence. Multi-dimensional ids index directly; the
padding row is masked out of the update instead of zeroed afterwards."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    dW = np.zeros((vocab_size, grad_out.shape[-1]), dtype=grad_out.dtype)
    if padding_idx is None:
        np.add.at(dW, ids, grad_out)
    else:
        keep = ids != padding_idx
        np.add.at(dW, ids[keep], grad_out[keep])
    return dW
