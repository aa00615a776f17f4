# Wrong: centres X and y correctly, then returns b = mean(y), forgetting - mean(X) @ w.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    Xc = X - X.mean(axis=0)
    yc = y - y.mean()
    w = np.linalg.solve(Xc.T @ Xc + l2 * np.eye(X.shape[1]), Xc.T @ yc)
    return w, np.asarray(y.mean())
