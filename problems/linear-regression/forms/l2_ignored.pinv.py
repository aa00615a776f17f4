# Wrong: w = pinv(Xc) @ yc, the OLS solution, with no ridge term added.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    x_bar = X.mean(axis=0)
    y_bar = y.mean()
    w = np.linalg.pinv(X - x_bar) @ (y - y_bar)
    b = y_bar - x_bar @ w
    return w, np.asarray(b)
