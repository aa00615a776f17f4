"""A small BatchNorm1d-like class with running buffers and a train/eval switch (as
torch.nn.BatchNorm1d is used), built from the given state; the function runs one forward
pass and hands back the updated buffers."""

import numpy as np


class BatchNorm1d:
    def __init__(self, weight, bias, running_mean, running_var, momentum=0.1, eps=1e-5):
        self.weight, self.bias = weight, bias
        self.running_mean, self.running_var = running_mean, running_var
        self.momentum, self.eps = momentum, eps
        self.training = True

    def eval(self):
        self.training = False
        return self

    def __call__(self, x: np.ndarray) -> np.ndarray:
        if self.training:
            mean, var = x.mean(axis=0), x.var(axis=0)
            m = self.momentum
            self.running_mean = (1 - m) * self.running_mean + m * mean
            self.running_var = (1 - m) * self.running_var + m * x.var(axis=0, ddof=1)
        else:
            mean, var = self.running_mean, self.running_var
        return self.weight * (x - mean) / np.sqrt(var + self.eps) + self.bias


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    bn = BatchNorm1d(gamma, beta, running_mean.copy(), running_var.copy(), momentum, eps)
    if not training:
        bn.eval()
    out = bn(x)
    return out, bn.running_mean, bn.running_var
