# Wrong: plain least squares on the centred data; the l2 argument is never used.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    mx, my = X.mean(axis=0), y.mean()
    w = np.linalg.lstsq(X - mx, y - my, rcond=None)[0]
    return w, np.asarray(my - mx @ w)
