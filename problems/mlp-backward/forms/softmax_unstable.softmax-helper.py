# Wrong: a softmax helper with no max shift; inf / inf is NaN for logits near 1000.
import numpy as np


def softmax(z):
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def mlp_backward(x, y, w1, b1, w2, b2):
    n = x.shape[0]
    pre = x @ w1 + b1
    h = np.maximum(pre, 0.0)
    p = softmax(h @ w2 + b2)
    onehot = np.eye(w2.shape[1])[y]
    loss = -np.mean(np.sum(onehot * np.log(p), axis=1))
    d = (p - onehot) / n
    dp = (d @ w2.T) * (pre > 0)
    return np.array(loss), x.T @ dp, dp.sum(0), h.T @ d, d.sum(0)
