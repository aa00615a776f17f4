import numpy as np


def sigmoid(z: np.ndarray) -> np.ndarray:
    """A sigmoid that never overflows: exp is only taken of -|z|, which is <= 0."""
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def train_logreg(
    X: np.ndarray, y: np.ndarray, lr: float = 0.1, n_iter: int = 100, l2: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch gradient descent on mean BCE + 0.5 * l2 * ||w||^2, from zeros."""
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(n_iter):
        p = sigmoid(X @ w + b)  # [N], predicted P(y = 1)
        err = p - y  # [N]: d(BCE)/dz, the same simple form as softmax cross-entropy
        gw = X.T @ err / n + l2 * w  # [D], the mean over examples plus the penalty
        gb = err.mean()  # the bias is not regularised
        w = w - lr * gw  # both updates use the same p
        b = b - lr * gb
    return w, np.asarray(b)  # b as a 0-d float64 array
