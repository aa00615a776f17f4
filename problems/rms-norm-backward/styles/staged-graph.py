"""The staged computational graph in the manner of Kratzert's "Understanding the backward
pass through Batch Normalization Layer", for RMSNorm: square, mean, add eps, sqrt, invert,
multiply, each node's gradient taken in reverse order."""

import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    d = x.shape[-1]
    # forward, node by node
    sq = x**2
    ms = np.sum(sq, axis=-1, keepdims=True) / d
    sqrtms = np.sqrt(ms + eps)
    ims = 1.0 / sqrtms
    xhat = x * ims
    # backward, in reverse
    dweight = np.sum(grad_out * xhat, axis=tuple(range(x.ndim - 1)))
    dxhat = grad_out * weight
    dims = np.sum(dxhat * x, axis=-1, keepdims=True)
    dx1 = dxhat * ims
    dsqrtms = -1.0 / sqrtms**2 * dims
    dms = 0.5 / sqrtms * dsqrtms
    dsq = np.ones_like(x) / d * dms
    dx2 = 2 * x * dsq
    return dx1 + dx2, dweight
