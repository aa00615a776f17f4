"""The gradient of scikit-learn's `_logistic_loss_and_grad` with `_intercept_dot`
(scikit-learn, sklearn/linear_model/logistic.py as of the 0.2x releases, read 2026-12):
labels mapped to -1/+1, one packed vector w = [coef, intercept], yz = y * (X @ coef + c),
z = expit(yz), z0 = (z - 1) * y, grad[:n_features] = X.T @ z0 + alpha * coef and
grad[-1] = z0.sum(), the intercept unpenalised. Changed: sklearn sums over samples, so the
data part is divided by N here to match the mean loss; scipy's expit is replaced by a
stable NumPy one; the lbfgs solver is replaced by fixed-step gradient descent."""

import numpy as np


def _expit(t):
    e = np.exp(-np.abs(t))
    return np.where(t >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _intercept_dot(w, X, y):
    c = w[-1]
    w = w[:-1]
    z = X @ w + c
    return w, c, y * z


def _logistic_grad(w, X, y, alpha):
    n_samples, n_features = X.shape
    grad = np.empty_like(w)
    w, c, yz = _intercept_dot(w, X, y)
    z = _expit(yz)
    z0 = (z - 1) * y
    grad[:n_features] = X.T @ z0 / n_samples + alpha * w
    grad[-1] = z0.sum() / n_samples
    return grad


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    y_signed = 2.0 * y - 1.0
    w0 = np.zeros(X.shape[1] + 1)
    for _ in range(n_iter):
        w0 = w0 - lr * _logistic_grad(w0, X, y_signed, l2)
    return w0[:-1], np.asarray(w0[-1])
