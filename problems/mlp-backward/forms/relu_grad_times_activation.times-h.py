# Wrong: dh is multiplied by the ReLU's output h instead of its 0/1 derivative.
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    n = x.shape[0]
    h = np.maximum(0.0, x @ w1 + b1)
    logits = h @ w2 + b2
    z = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(n), y]).mean()
    dlogits = p
    dlogits[np.arange(n), y] -= 1
    dlogits /= n
    dpre = (dlogits @ w2.T) * h
    return np.asarray(loss), x.T @ dpre, dpre.sum(0), h.T @ dlogits, dlogits.sum(0)
