"""The statistics-textbook form: with S_xx the scatter matrix of the features and s_xy
their scatter with y (np.cov times N - 1), the slope solves (S_xx + l2 I) w = s_xy and
the line passes through the point of means, b = y_bar - x_bar . w."""

import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    n, d = X.shape
    C = np.atleast_2d(np.cov(np.column_stack([X, y]), rowvar=False)) * (n - 1)
    S_xx, s_xy = C[:d, :d], C[:d, d]
    w = np.linalg.solve(S_xx + l2 * np.eye(d), s_xy)
    b = y.mean() - X.mean(axis=0) @ w
    return w, np.asarray(b)
