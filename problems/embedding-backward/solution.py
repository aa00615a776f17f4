import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    """dL/dW for out = W[ids], given dL/dout."""
    d = grad_out.shape[-1]
    flat_ids = ids.reshape(-1)  # [n], n = number of positions
    flat_grad = grad_out.reshape(-1, d)  # [n, d], same (row-major) order as flat_ids

    dW = np.zeros((vocab_size, d))
    # np.add.at is unbuffered: a row named k times receives all k gradients.
    # (dW[flat_ids] += flat_grad would keep only one of them.)
    np.add.at(dW, flat_ids, flat_grad)

    if padding_idx is not None:
        dW[padding_idx] = 0.0  # nn.Embedding(padding_idx=...): the pad row is never updated
    return dW
