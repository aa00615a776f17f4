# Wrong: gradients summed over the examples, never divided by N.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    w = np.zeros(X.shape[1])
    b = 0.0
    for _ in range(n_iter):
        z = X @ w + b
        e = np.exp(-np.abs(z))
        p = np.where(z >= 0, 1 / (1 + e), e / (1 + e))
        w = w - lr * (X.T @ (p - y) + l2 * w)
        b = b - lr * np.sum(p - y)
    return w, np.asarray(b)
