# Wrong: dW[ids] += grad_out, which applies a repeated id only once.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    dW = np.zeros((vocab_size, grad_out.shape[-1]))
    dW[ids] += grad_out
    if padding_idx is not None:
        dW[padding_idx] = 0
    return dW
