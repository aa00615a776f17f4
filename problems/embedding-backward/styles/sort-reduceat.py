"""Sort and segment-sum, the strategy of GPU embedding backward kernels (PyTorch's CUDA
embedding_backward_cuda_kernel sorts the indices, then reduces each run of equal ids):
argsort the ids, find where each run starts, np.add.reduceat the sorted gradient rows."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    d = grad_out.shape[-1]
    flat_ids = ids.reshape(-1)
    flat_grad = grad_out.reshape(-1, d)
    order = np.argsort(flat_ids, kind="stable")
    sorted_ids = flat_ids[order]
    starts = np.flatnonzero(np.r_[True, sorted_ids[1:] != sorted_ids[:-1]])  # run starts
    sums = np.add.reduceat(flat_grad[order], starts, axis=0)  # [unique ids, d]
    dW = np.zeros((vocab_size, d))
    dW[sorted_ids[starts]] = sums  # each id once: plain assignment is safe here
    if padding_idx is not None:
        dW[padding_idx] = 0.0
    return dW
