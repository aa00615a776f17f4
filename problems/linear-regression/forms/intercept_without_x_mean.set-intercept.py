# Wrong: sklearn-style offsets, but intercept_ = y_offset (the X_offset @ coef term dropped).
import numpy as np


def _preprocess(X, y):
    X_offset, y_offset = np.average(X, axis=0), np.average(y)
    return X - X_offset, y - y_offset, X_offset, y_offset


def fit_linear_regression(X, y, l2=0.0):
    Xc, yc, X_offset, y_offset = _preprocess(X, y)
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    coef = Vt.T @ (s / (s**2 + l2) * (U.T @ yc))
    intercept = y_offset
    return coef, np.asarray(intercept)
