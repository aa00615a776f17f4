"""Trusted reference for logistic-regression: n_iter steps of full-batch gradient descent
from zero on mean binary cross-entropy + 0.5 * l2 * ||w||^2 (bias not regularised), with
a sigmoid that never overflows. Float64 throughout."""

import numpy as np


def _sigmoid(z: np.ndarray) -> np.ndarray:
    """1 / (1 + exp(-z)) without overflow: exp is only taken of -|z| <= 0."""
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def train_logreg(
    X: np.ndarray, y: np.ndarray, lr: float = 0.1, n_iter: int = 100, l2: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """(w [D], b 0-d) after n_iter gradient steps from w = 0, b = 0."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(n_iter):
        p = _sigmoid(X @ w + b)  # [N]
        err = p - y  # [N]: dL/dz for each example, before the 1/N
        gw = X.T @ err / n + l2 * w  # [D]
        gb = err.mean()  # bias not regularised
        w = w - lr * gw
        b = b - lr * gb
    return w, np.asarray(b, dtype=np.float64)
