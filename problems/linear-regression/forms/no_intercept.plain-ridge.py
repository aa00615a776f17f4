# Wrong: ridge on the raw X and y with no intercept, b returned as 0.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    d = X.shape[1]
    w = np.linalg.solve(X.T @ X + l2 * np.eye(d), X.T @ y)
    return w, np.asarray(0.0)
