# Wrong: ML-From-Scratch style update, param -= lr * -(y - y_pred).dot(X), a sum over rows.
import numpy as np


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    X1 = np.insert(X, 0, 1, axis=1)
    param = np.zeros(X1.shape[1])
    mask = np.r_[0.0, np.ones(X.shape[1])]
    for _ in range(n_iter):
        y_pred = np.exp(-np.logaddexp(0, -X1.dot(param)))
        param -= lr * (-(y - y_pred).dot(X1) + l2 * mask * param)
    return param[1:], np.asarray(param[0])
