# Wrong: l2 * b added to the bias gradient as well.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(n_iter):
        e = np.exp(-np.abs(X @ w + b))
        p = np.where(X @ w + b >= 0, 1 / (1 + e), e / (1 + e))
        gw = X.T @ (p - y) / n + l2 * w
        gb = np.mean(p - y) + l2 * b
        w -= lr * gw
        b -= lr * gb
    return w, np.asarray(b)
