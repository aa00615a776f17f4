"""Trusted reference for linear-regression: ridge regression in closed form with an
unpenalised intercept, scikit-learn's `Ridge(alpha=l2, fit_intercept=True)` convention:
minimise ||y - X w - b||^2 + l2 * ||w||^2 (a sum, not a mean). The intercept is handled
by centring X and y (sklearn's `_preprocess_data`), w solves the centred problem, and
b = mean(y) - mean(X) @ w. The centred system is solved by least squares on the stacked
matrix [Xc; sqrt(l2) I], which never forms Xc^T Xc. Float64 throughout."""

import numpy as np


def fit_linear_regression(
    X: np.ndarray, y: np.ndarray, l2: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """(w [D], b 0-d) of ridge regression with an unpenalised intercept."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n, d = X.shape
    x_mean = X.mean(axis=0)
    y_mean = y.mean()
    Xc = X - x_mean
    yc = y - y_mean
    A = np.vstack([Xc, np.sqrt(l2) * np.eye(d)])  # [N + D, D]
    rhs = np.concatenate([yc, np.zeros(d)])
    w, *_ = np.linalg.lstsq(A, rhs, rcond=None)
    b = y_mean - x_mean @ w
    return w, np.asarray(b, dtype=np.float64)
