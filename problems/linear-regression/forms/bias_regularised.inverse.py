# Wrong: theta = inv(X^T X + lam I) X^T y with the intercept column first, all of theta penalised.
import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    Xb = np.c_[np.ones(len(X)), X]
    theta = np.linalg.inv(Xb.T.dot(Xb) + l2 * np.identity(Xb.shape[1])).dot(Xb.T).dot(y)
    return theta[1:], np.asarray(theta[0])
