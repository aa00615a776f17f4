# Wrong: the variance divided by D - 1 by hand.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    D = x.shape[-1]
    xc = x - x.sum(-1, keepdims=True) / D
    var = (xc * xc).sum(-1, keepdims=True) / (D - 1)
    std = np.sqrt(var + eps)
    xn = xc / std
    dxn = grad_out * gamma
    dx = (dxn - dxn.mean(-1, keepdims=True) - xn * (dxn * xn).mean(-1, keepdims=True)) / std
    lead = tuple(range(x.ndim - 1))
    return dx, np.sum(grad_out * xn, axis=lead), np.sum(grad_out, axis=lead)
