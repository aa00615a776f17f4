# Wrong: np.nditer(ids, order="F") walks ids column-major while the gradient rows are
# taken in row-major order.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    g = grad_out.reshape(-1, grad_out.shape[-1])
    dW = np.zeros((vocab_size, g.shape[1]))
    for n, ix in enumerate(np.nditer(ids, order="F")):
        if padding_idx is not None and ix == padding_idx:
            continue
        dW[int(ix)] += g[n]
    return dW
