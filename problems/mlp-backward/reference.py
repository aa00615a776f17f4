"""Trusted reference for mlp-backward: loss and gradients of a two-layer ReLU MLP with a
mean softmax cross-entropy, in float64. Checked against torch autograd outside grading.

The softmax goes through reference_impl's, so that diagnosis can see the logits it was
given (the softmax_unstable family)."""

import numpy as np

from reference_impl.numpy_ops import softmax


def mlp_backward(x, y, w1, b1, w2, b2):
    """(loss (), dw1 [D, H], db1 [H], dw2 [H, C], db2 [C])."""
    x, w1, b1, w2, b2 = (np.asarray(a, dtype=np.float64) for a in (x, w1, b1, w2, b2))
    n = x.shape[0]
    rows = np.arange(n)
    pre = x @ w1 + b1  # [N, H]
    h = np.maximum(pre, 0.0)  # [N, H]
    logits = h @ w2 + b2  # [N, C]
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))  # [N, C]
    loss = -log_probs[rows, y].mean()
    dlogits = softmax(logits, axis=-1)  # [N, C]
    dlogits[rows, y] -= 1.0
    dlogits /= n  # the mean over the batch
    dw2 = h.T @ dlogits  # [H, C]
    db2 = dlogits.sum(axis=0)  # [C]
    dpre = (dlogits @ w2.T) * (pre > 0)  # [N, H]: ReLU passes the gradient where pre > 0
    dw1 = x.T @ dpre  # [D, H]
    db1 = dpre.sum(axis=0)  # [H]
    return np.asarray(loss), dw1, db1, dw2, db2
