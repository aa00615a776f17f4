"""Ridge as ordinary least squares on an augmented system, the textbook trick
(e.g. Hastie, Tibshirani & Friedman, ESL, exercise 3.12): append sqrt(alpha) * I rows
under the design matrix and zeros under y. Here the design keeps an intercept column of
ones and its penalty row is 0, so the intercept is fitted but not penalised; no centring
and no normal equations (np.linalg.lstsq works on the stacked matrix by SVD)."""

import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    n, d = X.shape
    design = np.column_stack([X, np.ones(n)])  # [N, D + 1]
    penalty = np.sqrt(l2) * np.eye(d + 1)
    penalty[d, d] = 0.0  # the intercept's row: not penalised
    A = np.vstack([design, penalty])  # [N + D + 1, D + 1]
    target = np.concatenate([y, np.zeros(d + 1)])
    theta, *_ = np.linalg.lstsq(A, target, rcond=None)
    return theta[:d], np.asarray(theta[d])
