# Wrong: the Linear layer's bias gradient reduces each row (axis=1) instead of the batch.
import numpy as np


class Linear:
    def __init__(self, w, b):
        self.w, self.b = w, b

    def forward(self, x):
        self.x = x
        return x @ self.w + self.b

    def backward(self, dout):
        self.dw = self.x.T @ dout
        self.db = dout.sum(axis=1)
        return dout @ self.w.T


def mlp_backward(x, y, w1, b1, w2, b2):
    fc1, fc2 = Linear(w1, b1), Linear(w2, b2)
    pre = fc1.forward(x)
    logits = fc2.forward(np.maximum(pre, 0.0))
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    n = x.shape[0]
    loss = -log_p[np.arange(n), y].mean()
    d = np.exp(log_p)
    d[np.arange(n), y] -= 1.0
    fc1.backward(fc2.backward(d / n) * (pre > 0))
    return np.asarray(loss), fc1.dw, fc1.db, fc2.dw, fc2.db
