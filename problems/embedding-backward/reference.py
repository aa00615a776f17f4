"""Trusted reference for embedding-backward: the gradient of an embedding lookup
W[ids] with respect to W, with nn.Embedding's padding_idx semantics, in float64.

Checked against torch.nn.Embedding(vocab_size, d, padding_idx=...) and autograd outside
grading (float64, every case of cases.py)."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    """dW [vocab_size, d]: grad_out rows scattered-added into the rows named by ids."""
    ids = np.asarray(ids)
    grad_out = np.asarray(grad_out, dtype=np.float64)
    d = grad_out.shape[-1]
    dW = np.zeros((vocab_size, d))
    np.add.at(dW, ids.reshape(-1), grad_out.reshape(-1, d))  # unbuffered: repeats accumulate
    if padding_idx is not None:
        dW[padding_idx] = 0.0  # the padding row gets no gradient
    return dW
