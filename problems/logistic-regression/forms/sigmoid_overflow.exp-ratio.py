# Wrong: sigmoid as exp(z) / (1 + exp(z)), which is inf / inf = nan for z > 709.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(n_iter):
        z = X @ w + b
        p = np.exp(z) / (1 + np.exp(z))
        gw = X.T @ (p - y) / n + l2 * w
        gb = np.mean(p - y)
        w -= lr * gw
        b -= lr * gb
    return w, np.asarray(b)
