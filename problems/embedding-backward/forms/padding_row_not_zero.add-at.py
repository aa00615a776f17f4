# Wrong: np.add.at over every position; padding_idx is never used.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    dW = np.zeros((vocab_size, d))
    np.add.at(dW, ids.reshape(-1), grad_out.reshape(-1, d))
    return dW
