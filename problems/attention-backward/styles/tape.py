"""A tiny reverse-mode tape in the spirit of micrograd / cs231n layers: each operation
(matmul, scale, softmax, matmul) has a forward that caches what it needs and a backward
that returns the gradients of its inputs; the pass runs the tape in reverse."""

import numpy as np


class MatMul:
    def forward(self, a, b):
        self.a, self.b = a, b
        return a @ b

    def backward(self, dout):
        return dout @ self.b.T, self.a.T @ dout


class Scale:
    def __init__(self, c):
        self.c = c

    def forward(self, x):
        return x * self.c

    def backward(self, dout):
        return dout * self.c


class Softmax:
    def forward(self, x):
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        self.y = e / e.sum(axis=-1, keepdims=True)
        return self.y

    def backward(self, dout):
        y = self.y
        return y * (dout - (dout * y).sum(axis=-1, keepdims=True))


def attention_backward(q, k, v, grad_out):
    qk, scale, softmax, pv = MatMul(), Scale(q.shape[-1] ** -0.5), Softmax(), MatMul()
    p = softmax.forward(scale.forward(qk.forward(q, k.T)))
    pv.forward(p, v)
    dp, dv = pv.backward(grad_out)
    dq, dkT = qk.backward(scale.backward(softmax.backward(dp)))
    return dq, dkT.T, dv
