# Wrong: the covariance form with np.cov(bias=True), i.e. Xc^T Xc / N, plus l2 * I.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    d = X.shape[1]
    C = np.atleast_2d(np.cov(np.column_stack([X, y]), rowvar=False, bias=True))
    w = np.linalg.solve(C[:d, :d] + l2 * np.eye(d), C[:d, d])
    return w, np.asarray(y.mean() - X.mean(axis=0) @ w)
