# Wrong: ids.flatten(order="F") with grad_out.reshape(-1, d) in C order.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    tok = ids.flatten(order="F")
    g = grad_out.reshape(-1, d)
    dW = np.column_stack(
        [np.bincount(tok, weights=g[:, j], minlength=vocab_size) for j in range(d)]
    )
    if padding_idx is not None:
        dW[padding_idx] = 0
    return dW
