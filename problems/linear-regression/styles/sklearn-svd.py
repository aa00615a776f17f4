"""scikit-learn's Ridge with solver="svd" (scikit-learn, sklearn/linear_model/_ridge.py
`_solve_svd`, read 2026-12) on the centred data of `_preprocess_data`: U, s, Vt = svd(X,
full_matrices=False), singular values below 1e-15 dropped (idx = s > 1e-15),
d = s / (s ** 2 + alpha) on the kept ones, coef = Vt.T @ (d * (U.T @ y)). The filter factor
s / (s^2 + alpha) is the ridge shrinkage of each principal direction. Changed: one target,
NumPy's svd instead of SciPy's, and the intercept recovered as in `_set_intercept`."""

import numpy as np


def _solve_svd(X, y, alpha):
    U, s, Vt = np.linalg.svd(X, full_matrices=False)
    idx = s > 1e-15
    s_nnz = s[idx]
    UTy = U.T @ y
    d = np.zeros(s.size)
    d[idx] = s_nnz / (s_nnz**2 + alpha)
    d_UT_y = d * UTy
    return Vt.T @ d_UT_y


def fit_linear_regression(X, y, l2=0.0):
    X_offset = X.mean(axis=0)
    y_offset = y.mean()
    coef = _solve_svd(X - X_offset, y - y_offset, l2)
    return coef, np.asarray(y_offset - X_offset @ coef)
