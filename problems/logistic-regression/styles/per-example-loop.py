"""Plain Python loops over examples and features, as in a from-scratch interview answer
with no vectorisation: accumulate the summed gradient, then divide by N. The sigmoid
branches on the sign of z with math.exp, so exp only ever sees a non-positive number."""

import math

import numpy as np


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    n, d = X.shape
    w = [0.0] * d
    b = 0.0
    for _ in range(n_iter):
        gw = [0.0] * d
        gb = 0.0
        for i in range(n):
            z = b + sum(w[j] * X[i, j] for j in range(d))
            err = sigmoid(z) - y[i]
            for j in range(d):
                gw[j] += err * X[i, j]
            gb += err
        w = [w[j] - lr * (gw[j] / n + l2 * w[j]) for j in range(d)]
        b = b - lr * gb / n
    return np.array(w), np.asarray(b)
