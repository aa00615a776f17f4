# Wrong: the square root is taken first and eps added after it.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    D = x.shape[-1]
    mu = x.mean(axis=-1, keepdims=True)
    sigma = np.sqrt(((x - mu) ** 2).mean(axis=-1, keepdims=True))
    rstd = 1 / (sigma + eps)
    x_hat = (x - mu) * rstd
    g = grad_out * gamma
    dx = rstd / D * (D * g - g.sum(-1, keepdims=True) - x_hat * (g * x_hat).sum(-1, keepdims=True))
    lead = tuple(range(x.ndim - 1))
    return dx, (grad_out * x_hat).sum(lead), grad_out.sum(lead)
