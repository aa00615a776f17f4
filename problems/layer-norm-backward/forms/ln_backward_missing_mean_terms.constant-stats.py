# Wrong: mean and std treated as constants, so dx = dy * gamma / std.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    std = np.sqrt(x.var(-1, keepdims=True) + eps)
    x_hat = (x - mu) / std
    axes = tuple(range(x.ndim - 1))
    return grad_out * gamma / std, (grad_out * x_hat).sum(axes), grad_out.sum(axes)
