# Wrong: the ReLU is skipped on the way back; dh goes straight into dw1 and db1.
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    n = x.shape[0]
    h = np.maximum(x @ w1 + b1, 0.0)
    logits = h @ w2 + b2
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    loss = -log_probs[np.arange(n), y].mean()
    dlogits = np.exp(log_probs)
    dlogits[np.arange(n), y] -= 1.0
    dlogits /= n
    dh = dlogits @ w2.T
    return np.asarray(loss), x.T @ dh, dh.sum(axis=0), h.T @ dlogits, dlogits.sum(axis=0)
