import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    """Logistic regression by full-batch gradient descent.

    X: float64 [N, D]; y: float64 [N] of 0.0/1.0. Start from w = 0, b = 0 and take exactly
    n_iter steps on mean(BCE(sigmoid(X @ w + b), y)) + 0.5 * l2 * ||w||^2 (b not penalised).
    Returns: (w [D] float64, b as a 0-d float64 array).
    """
    w = np.zeros(X.shape[1])
    b = 0.0
    # TODO: a sigmoid that does not overflow for |z| up to 1000
    # TODO: for each step: p, gw = X.T @ (p - y) / N + l2 * w, gb = mean(p - y), update both
    return w, np.asarray(b)
