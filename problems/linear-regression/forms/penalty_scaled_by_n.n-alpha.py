# Wrong: the ridge term written as n * alpha on the diagonal of the Gram matrix.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    n_samples, n_features = X.shape
    X_offset, y_offset = X.mean(axis=0), y.mean()
    Xc = X - X_offset
    A = Xc.T @ Xc
    A.flat[:: n_features + 1] += n_samples * l2
    coef = np.linalg.solve(A, Xc.T @ (y - y_offset))
    return coef, np.asarray(y_offset - X_offset @ coef)
