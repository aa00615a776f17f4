# Wrong: SVD solve with 1 / s on the kept singular values instead of s / (s^2 + l2).
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    mu = X.mean(axis=0)
    U, s, Vt = np.linalg.svd(X - mu, full_matrices=False)
    keep = s > 1e-10 * s.max()
    inv = np.zeros_like(s)
    inv[keep] = 1.0 / s[keep]
    w = Vt.T @ (inv * (U.T @ (y - y.mean())))
    return w, np.asarray(y.mean() - mu @ w)
