"""Patrick Loeber's class-based `LogisticRegression.fit` (patrickloeber/MLfromscratch,
mlfromscratch/logistic_regression.py, read 2026-12): weights and bias start at zero, each
iteration computes linear_model, y_predicted = _sigmoid(linear_model), then
dw = (1 / n_samples) * np.dot(X.T, (y_predicted - y)) and db likewise, and subtracts
lr times them. Changed: the l2 term on dw, the float64 0-d bias returned, and no sklearn
import. Its sigmoid, 1 / (1 + np.exp(-x)), is kept (only wrapped in np.errstate): for x
far below 0 np.exp(-x) overflows to inf and 1 / inf is exactly 0, the right value."""

import numpy as np


class LogisticRegression:
    def __init__(self, learning_rate=0.001, n_iters=1000, l2=0.0):
        self.lr = learning_rate
        self.n_iters = n_iters
        self.l2 = l2
        self.weights = None
        self.bias = None

    def fit(self, X, y):
        n_samples, n_features = X.shape
        self.weights = np.zeros(n_features)
        self.bias = 0.0
        for _ in range(self.n_iters):
            linear_model = np.dot(X, self.weights) + self.bias
            y_predicted = self._sigmoid(linear_model)
            dw = (1 / n_samples) * np.dot(X.T, (y_predicted - y)) + self.l2 * self.weights
            db = (1 / n_samples) * np.sum(y_predicted - y)
            self.weights -= self.lr * dw
            self.bias -= self.lr * db
        return self

    def _sigmoid(self, x):
        with np.errstate(over="ignore"):
            return 1 / (1 + np.exp(-x))


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    model = LogisticRegression(learning_rate=lr, n_iters=n_iter, l2=l2).fit(X, y)
    return model.weights, np.asarray(model.bias, dtype=np.float64)
