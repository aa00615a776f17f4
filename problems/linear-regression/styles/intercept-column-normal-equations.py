"""Normal equations with the intercept as a column of ones and a penalty matrix whose entry
for that column is 0: (Xa^T Xa + diag(l2, ..., l2, 0)) theta = Xa^T y, the form in most
lecture notes on ridge regression, solved with np.linalg.solve (not inverted)."""

import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    n, d = X.shape
    Xa = np.hstack([np.ones((n, 1)), X])  # theta[0] is the intercept
    P = l2 * np.eye(d + 1)
    P[0, 0] = 0.0
    theta = np.linalg.solve(Xa.T @ Xa + P, Xa.T @ y)
    return theta[1:], np.asarray(theta[0])
