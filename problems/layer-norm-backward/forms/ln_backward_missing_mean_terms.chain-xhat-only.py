# Wrong: stops the chain rule at x_hat = (x - mu) * rstd, with rstd as a constant factor.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    d = x.shape[-1]
    flat = x.reshape(-1, d)
    dy = grad_out.reshape(-1, d)
    rstd = 1 / np.sqrt(flat.var(axis=1, keepdims=True) + eps)
    x_hat = (flat - flat.mean(axis=1, keepdims=True)) * rstd
    dx_hat = dy * gamma
    dx = dx_hat * rstd
    return dx.reshape(x.shape), (dy * x_hat).sum(0), dy.sum(0)
