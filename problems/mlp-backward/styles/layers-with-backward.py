"""Layer objects with forward and backward, each caching what its backward needs, as in
hand-rolled numpy frameworks (cs231n's layers.py affine_forward/relu_backward pairs, d2l's
from-scratch chapters): Linear, ReLU and SoftmaxCrossEntropy, chained and then unwound."""

import numpy as np


class Linear:
    def __init__(self, weight, bias):
        self.weight, self.bias = weight, bias

    def forward(self, x):
        self.x = x
        return x @ self.weight + self.bias

    def backward(self, dout):
        self.dweight = self.x.T @ dout
        self.dbias = dout.sum(axis=0)
        return dout @ self.weight.T


class ReLU:
    def forward(self, x):
        self.mask = x > 0
        return np.where(self.mask, x, 0.0)

    def backward(self, dout):
        return dout * self.mask


class SoftmaxCrossEntropy:
    def forward(self, logits, labels):
        z = logits - logits.max(axis=1, keepdims=True)
        log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        self.p, self.labels = np.exp(log_p), labels
        return -log_p[np.arange(len(labels)), labels].mean()

    def backward(self):
        grad = self.p.copy()
        grad[np.arange(len(self.labels)), self.labels] -= 1.0
        return grad / len(self.labels)


def mlp_backward(x, y, w1, b1, w2, b2):
    fc1, act, fc2, criterion = Linear(w1, b1), ReLU(), Linear(w2, b2), SoftmaxCrossEntropy()
    loss = criterion.forward(fc2.forward(act.forward(fc1.forward(x))), y)
    fc1.backward(act.backward(fc2.backward(criterion.backward())))
    return np.asarray(loss), fc1.dweight, fc1.dbias, fc2.dweight, fc2.dbias
