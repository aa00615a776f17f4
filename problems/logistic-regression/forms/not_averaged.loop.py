# Wrong: per-example loop that accumulates the gradient but forgets the 1/N.
import math

import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(n_iter):
        gw = l2 * w
        gb = 0.0
        for i in range(n):
            z = float(X[i] @ w + b)
            p = 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))
            gw = gw + (p - y[i]) * X[i]
            gb += p - y[i]
        w = w - lr * gw
        b = b - lr * gb
    return w, np.asarray(b)
