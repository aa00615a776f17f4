"""cs231n assignment 2 layernorm_forward: transpose so that batch-norm code (statistics over axis 0)
normalises each sample, transpose back, then scale and shift. The original takes 2-D x and
ln_param and also returns a cache; here x is flattened to 2-D and only `out` is returned."""

import numpy as np


def layernorm_forward(x, gamma, beta, ln_param):
    eps = ln_param.get("eps", 1e-5)
    xt = x.T  # (D, N): each column is a sample
    mu = np.mean(xt, axis=0)
    xmu = xt - mu
    var = np.mean(xmu**2, axis=0)
    sqrtvar = np.sqrt(var + eps)
    ivar = 1.0 / sqrtvar
    xhat = (xmu * ivar).T  # back to (N, D)
    out = gamma * xhat + beta
    cache = (xhat, gamma, xmu, ivar, sqrtvar, var, eps)
    return out, cache


def layer_norm(x, gamma, beta, eps=1e-5):
    flat = x.reshape(-1, x.shape[-1])
    out, _ = layernorm_forward(flat, gamma, beta, {"eps": eps})
    return out.reshape(x.shape)
