# Wrong: a class that applies weight decay to every parameter, the bias included.
import numpy as np


class LogReg:
    def __init__(self, d, lr, l2):
        self.params = {"w": np.zeros(d), "b": np.zeros(())}
        self.lr, self.l2 = lr, l2

    def step(self, X, y):
        z = X @ self.params["w"] + self.params["b"]
        p = np.exp(-np.logaddexp(0.0, -z))
        grads = {"w": X.T @ (p - y) / len(y), "b": np.mean(p - y)}
        for k in self.params:
            self.params[k] = self.params[k] - self.lr * (grads[k] + self.l2 * self.params[k])


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    model = LogReg(X.shape[1], lr, l2)
    for _ in range(n_iter):
        model.step(X, y)
    return model.params["w"], np.asarray(model.params["b"])
