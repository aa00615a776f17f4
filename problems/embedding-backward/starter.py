import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    """Gradient of out = W[ids] with respect to the embedding table W.

    ids: int64 array of any shape S; grad_out: float64 array of shape S + [d], dL/dout.
    vocab_size: number of rows of W. padding_idx: None, or the row that gets no gradient.
    Returns: dW, float64 [vocab_size, d].
    """
    d = grad_out.shape[-1]
    dW = np.zeros((vocab_size, d))
    # TODO: add grad_out at every position to the row ids[position] (repeats accumulate)
    # TODO: zero the padding row if padding_idx is given
    return dW
