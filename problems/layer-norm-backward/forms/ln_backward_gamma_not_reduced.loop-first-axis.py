# Wrong: accumulates the parameter gradients over the first axis only.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    rstd = 1 / np.sqrt(((x - mu) ** 2).mean(-1, keepdims=True) + eps)
    xh = (x - mu) * rstd
    g = grad_out * gamma
    dx = rstd * (g - g.mean(-1, keepdims=True) - xh * (g * xh).mean(-1, keepdims=True))
    dgamma = np.zeros_like(grad_out[0])
    dbeta = np.zeros_like(grad_out[0])
    for i in range(x.shape[0]):
        dgamma += grad_out[i] * xh[i]
        dbeta += grad_out[i]
    return dx, dgamma, dbeta
