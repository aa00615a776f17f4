# Wrong: rows flattened to [N, D], but eps lands outside the square root.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    D = x.shape[-1]
    X = x.reshape(-1, D)
    G = grad_out.reshape(-1, D)
    mu = X.mean(axis=1, keepdims=True)
    sd = np.sqrt(np.mean(np.square(X - mu), axis=1, keepdims=True)) + eps
    xn = (X - mu) / sd
    dxn = G * gamma
    dx = (dxn - dxn.mean(1, keepdims=True) - xn * (dxn * xn).mean(1, keepdims=True)) / sd
    return dx.reshape(x.shape), (G * xn).sum(0), G.sum(0)
