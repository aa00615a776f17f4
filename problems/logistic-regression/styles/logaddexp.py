"""The sigmoid through np.logaddexp: log sigma(z) = -log(1 + e^{-z}) = -logaddexp(0, -z),
so p = exp(-logaddexp(0, -z)) never overflows (logaddexp is computed stably by NumPy),
with the loop written as separate gradient and update steps."""

import numpy as np


def bce_grads(X, y, w, b, l2):
    p = np.exp(-np.logaddexp(0.0, -(X @ w + b)))
    r = p - y
    return X.T @ r / len(y) + l2 * w, np.mean(r)


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    w, b = np.zeros(X.shape[1]), np.float64(0.0)
    for _ in range(n_iter):
        gw, gb = bce_grads(X, y, w, b, l2)
        w, b = w - lr * gw, b - lr * gb
    return w, np.asarray(b)
