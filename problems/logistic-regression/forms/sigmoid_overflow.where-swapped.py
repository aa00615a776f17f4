# Wrong: the "stable" np.where sigmoid with its branches swapped: exp(z) is used for z >= 0.
import numpy as np


def sigmoid(z):
    return np.where(z < 0, 1 / (1 + np.exp(-z)), np.exp(z) / (1 + np.exp(z)))


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(n_iter):
        err = sigmoid(X @ w + b) - y
        w = w - lr * (X.T @ err / len(y) + l2 * w)
        b = b - lr * err.mean()
    return w, np.asarray(b)
