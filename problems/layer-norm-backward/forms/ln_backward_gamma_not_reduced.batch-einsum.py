# Wrong: the einsum sums the batch index "b" away and keeps everything after it.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    inv_std = 1.0 / np.sqrt(var + eps)
    xhat = (x - mean) * inv_std
    dgamma = np.einsum("b...,b...->...", grad_out, xhat)
    dbeta = np.einsum("b...->...", grad_out)
    dxhat = grad_out * gamma
    proj = (dxhat * xhat).mean(axis=-1, keepdims=True)
    dx = inv_std * (dxhat - dxhat.mean(axis=-1, keepdims=True) - xhat * proj)
    return dx, dgamma, dbeta
