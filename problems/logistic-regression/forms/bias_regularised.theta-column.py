# Wrong: the intercept folded into theta as a column of ones, and the whole theta penalised.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    m = X.shape[0]
    Xb = np.hstack([np.ones((m, 1)), X])
    theta = np.zeros(Xb.shape[1])
    for _ in range(n_iter):
        h = 0.5 * (1 + np.tanh(0.5 * (Xb @ theta)))
        grad = Xb.T @ (h - y) / m + l2 * theta
        theta -= lr * grad
    return theta[1:], np.asarray(theta[0])
