# Wrong: CS229's ascent update theta += alpha * X^T (y - h) with the residual as h - y.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    m = X.shape[0]
    theta = np.zeros(X.shape[1])
    theta0 = 0.0
    for _ in range(n_iter):
        h = 0.5 * (1 + np.tanh(0.5 * (X @ theta + theta0)))
        theta = theta + lr * (X.T @ (h - y) / m + l2 * theta)
        theta0 = theta0 + lr * np.mean(h - y)
    return theta, np.asarray(theta0)
