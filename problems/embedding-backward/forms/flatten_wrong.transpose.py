# Wrong: ids.T flattened, grad_out flattened as it is: ids and gradients no longer line up.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    dW = np.zeros((vocab_size, d))
    np.add.at(dW, ids.T.reshape(-1), grad_out.reshape(-1, d))
    if padding_idx is not None:
        dW[padding_idx] = 0.0
    return dW
