"""A one-hot target matrix from np.eye and einsum for every reduction: the row sums of the
softmax, the loss sum_ic w_i q_ic log p_ic and the row weights of the gradient."""

import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    w = (targets != ignore_index).astype(np.float64)  # row weights [N]
    w /= w.sum()
    safe = np.where(w > 0, targets, 0)  # any class id on ignored rows: their weight is 0
    onehot = np.eye(c)[safe]  # [N, C]
    q = (1.0 - label_smoothing) * onehot + label_smoothing / c

    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    log_p = z - np.log(np.einsum("nc->n", e))[:, None]
    loss = -np.einsum("n,nc,nc->", w, q, log_p)
    grad = np.einsum("n,nc->nc", w, np.exp(log_p) - q)
    return np.asarray(loss), grad
