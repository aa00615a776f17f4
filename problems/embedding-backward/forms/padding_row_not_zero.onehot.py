# Wrong: the one-hot product counts the pad positions like any other token.
import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    one_hot = np.eye(vocab_size)[ids.reshape(-1)]  # [n, V]
    return one_hot.T @ grad_out.reshape(-1, grad_out.shape[-1])
