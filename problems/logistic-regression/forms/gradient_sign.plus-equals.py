# Wrong: w += lr * gw, a step up the loss instead of down.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(n_iter):
        p = np.exp(-np.logaddexp(0, -(X @ w + b)))
        gw = X.T @ (p - y) / n + l2 * w
        gb = (p - y).mean()
        w += lr * gw
        b += lr * gb
    return w, np.asarray(b)
