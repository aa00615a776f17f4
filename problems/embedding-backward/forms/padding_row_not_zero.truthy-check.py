# Wrong: `if padding_idx:` is False for padding_idx=0, so row 0 keeps its gradient.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    flat = ids.ravel()
    g = grad_out.reshape(-1, d)
    dW = np.stack([np.bincount(flat, weights=g[:, j], minlength=vocab_size) for j in range(d)], 1)
    if padding_idx:
        dW[padding_idx] = 0.0
    return dW
