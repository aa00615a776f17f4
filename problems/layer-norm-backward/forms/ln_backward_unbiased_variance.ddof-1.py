# Wrong: np.var with ddof=1 when recomputing the statistics.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True, ddof=1)
    rstd = 1.0 / np.sqrt(var + eps)
    xh = (x - mu) * rstd
    g = grad_out * gamma
    dx = rstd * (g - g.mean(-1, keepdims=True) - xh * (g * xh).mean(-1, keepdims=True))
    axes = tuple(range(x.ndim - 1))
    return dx, (grad_out * xh).sum(axis=axes), grad_out.sum(axis=axes)
