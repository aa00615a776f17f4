"""cs231n assignment 2's compact layernorm_backward, with the cache of the forward pass:
dx = (1/D) * inv_std * (D * dx_hat - sum(dx_hat) - x_hat * sum(dx_hat * x_hat)), here with
the rows flattened to [N, D] and the parameter gradients summed over all of them."""

import numpy as np


def layernorm_forward(x, gamma, eps):
    mu = x.mean(axis=1, keepdims=True)
    var = x.var(axis=1, keepdims=True)
    inv_std = 1.0 / np.sqrt(var + eps)
    x_hat = (x - mu) * inv_std
    return gamma * x_hat, (x_hat, gamma, inv_std)


def layernorm_backward(dout, cache):
    x_hat, gamma, inv_std = cache
    N, D = dout.shape
    dgamma = np.sum(dout * x_hat, axis=0)
    dbeta = np.sum(dout, axis=0)
    dx_hat = dout * gamma
    dx = (
        (1.0 / D)
        * inv_std
        * (
            D * dx_hat
            - np.sum(dx_hat, axis=1, keepdims=True)
            - x_hat * np.sum(dx_hat * x_hat, axis=1, keepdims=True)
        )
    )
    return dx, dgamma, dbeta


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    d = x.shape[-1]
    _, cache = layernorm_forward(x.reshape(-1, d), gamma, eps)
    dx, dgamma, dbeta = layernorm_backward(grad_out.reshape(-1, d), cache)
    return dx.reshape(x.shape), dgamma, dbeta
