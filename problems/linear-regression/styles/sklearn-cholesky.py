"""scikit-learn's Ridge with solver="cholesky" (scikit-learn, sklearn/linear_model/_base.py
`_preprocess_data` and `_set_intercept`, sklearn/linear_model/_ridge.py `_solve_cholesky`
and `_solve_cholesky_kernel`; read 2026-12): X_offset and y_offset are the column means,
subtracted before solving; A = X.T @ X with alpha added to its diagonal through
A.flat[::n_features + 1]; when n_features > n_samples the kernel (dual) form
K = X @ X.T, K.flat[::n_samples + 1] += alpha, coef = X.T @ dual_coef is used instead; and
intercept_ = y_offset - X_offset @ coef_. Changed: scipy's linalg.solve(assume_a="pos") is
replaced by a NumPy Cholesky factorisation and two solves, one target only, no sample
weights."""

import numpy as np


def _preprocess_data(X, y):
    X_offset = np.average(X, axis=0)
    y_offset = np.average(y, axis=0)
    return X - X_offset, y - y_offset, X_offset, y_offset


def _cho_solve(A, b):
    L = np.linalg.cholesky(A)  # A = L L^T, A symmetric positive definite
    return np.linalg.solve(L.T, np.linalg.solve(L, b))


def _solve_cholesky(X, y, alpha):
    n_features = X.shape[1]
    A = X.T @ X
    Xy = X.T @ y
    A.flat[:: n_features + 1] += alpha
    return _cho_solve(A, Xy)


def _solve_cholesky_kernel(K, y, alpha):
    n_samples = K.shape[0]
    K = K.copy()
    K.flat[:: n_samples + 1] += alpha
    return _cho_solve(K, y)


def fit_linear_regression(X, y, l2=0.0):
    X, y, X_offset, y_offset = _preprocess_data(X, y)
    n_samples, n_features = X.shape
    if n_features > n_samples:
        dual_coef = _solve_cholesky_kernel(X @ X.T, y, l2)
        coef = X.T @ dual_coef
    else:
        coef = _solve_cholesky(X, y, l2)
    intercept = y_offset - X_offset @ coef
    return coef, np.asarray(intercept)
