# Wrong: b as the mean residual of the centred X (always mean(y)), not of the raw X.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    X = X - X.mean(axis=0)
    d = X.shape[1]
    w = np.linalg.solve(X.T @ X + l2 * np.eye(d), X.T @ (y - y.mean()))
    b = np.mean(y - X @ w)
    return w, np.asarray(b)
