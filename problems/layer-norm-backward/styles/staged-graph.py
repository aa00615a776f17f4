"""The staged computational graph of Frederik Kratzert's "Understanding the backward pass
through Batch Normalization Layer", turned to the last axis: mean, centre, square, variance,
sqrt, invert, multiply, each node's gradient taken in reverse order."""

import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    D = x.shape[-1]
    # forward, node by node
    mu = 1.0 / D * np.sum(x, axis=-1, keepdims=True)
    xmu = x - mu
    sq = xmu**2
    var = 1.0 / D * np.sum(sq, axis=-1, keepdims=True)
    sqrtvar = np.sqrt(var + eps)
    ivar = 1.0 / sqrtvar
    xhat = xmu * ivar
    # backward, in reverse
    lead = tuple(range(x.ndim - 1))
    dbeta = np.sum(grad_out, axis=lead)
    dgamma = np.sum(grad_out * xhat, axis=lead)
    dxhat = grad_out * gamma
    divar = np.sum(dxhat * xmu, axis=-1, keepdims=True)
    dxmu1 = dxhat * ivar
    dsqrtvar = -1.0 / (sqrtvar**2) * divar
    dvar = 0.5 * 1.0 / np.sqrt(var + eps) * dsqrtvar
    dsq = 1.0 / D * np.ones_like(x) * dvar
    dxmu2 = 2 * xmu * dsq
    dx1 = dxmu1 + dxmu2
    dmu = -1 * np.sum(dxmu1 + dxmu2, axis=-1, keepdims=True)
    dx2 = 1.0 / D * np.ones_like(x) * dmu
    dx = dx1 + dx2
    return dx, dgamma, dbeta
