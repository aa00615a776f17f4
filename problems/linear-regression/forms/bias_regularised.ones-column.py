# Wrong: a column of ones appended to X and l2 * I added over the whole theta, bias included.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    n, d = X.shape
    Xb = np.hstack([X, np.ones((n, 1))])
    theta = np.linalg.solve(Xb.T @ Xb + l2 * np.eye(d + 1), Xb.T @ y)
    return theta[:d], np.asarray(theta[d])
