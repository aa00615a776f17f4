"""Householder QR of the stacked centred system [Xc; sqrt(l2) I] = Q R, then R w = Q^T rhs
by back substitution, written as a loop: the way numerical linear algebra courses solve
least squares without forming X^T X (whose condition number is the square of X's)."""

import numpy as np


def back_substitution(R, z):
    d = R.shape[0]
    w = np.zeros(d)
    for i in range(d - 1, -1, -1):
        w[i] = (z[i] - R[i, i + 1 :] @ w[i + 1 :]) / R[i, i]
    return w


def fit_linear_regression(X, y, l2=0.0):
    n, d = X.shape
    mu_x, mu_y = X.mean(axis=0), y.mean()
    A = np.vstack([X - mu_x, np.sqrt(l2) * np.eye(d)])
    rhs = np.concatenate([y - mu_y, np.zeros(d)])
    Q, R = np.linalg.qr(A)  # reduced: Q [N + D, D], R [D, D] upper triangular
    w = back_substitution(R, Q.T @ rhs)
    return w, np.asarray(mu_y - mu_x @ w)
