# Wrong: flattens correctly, then dW[flat] = dW[flat] + g: the last repeat overwrites the rest.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    flat = ids.reshape(-1)
    g = grad_out.reshape(-1, d)
    grad_w = np.zeros((vocab_size, d))
    grad_w[flat] = grad_w[flat] + g
    if padding_idx is not None:
        grad_w[padding_idx] = 0.0
    return grad_w
