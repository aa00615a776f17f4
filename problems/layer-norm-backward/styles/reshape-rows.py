"""Everything on a flat [N, D] view, with the two mean terms written as projections:
grad_x is rstd times g with its mean and its component along x_hat removed."""

import numpy as np


def layer_norm_backward(x: np.ndarray, gamma: np.ndarray, grad_out: np.ndarray, eps=1e-5):
    shape = x.shape
    rows = x.reshape(-1, shape[-1])
    dy = grad_out.reshape(-1, shape[-1])
    centred = rows - rows.mean(axis=1)[:, None]
    rstd = (np.mean(centred**2, axis=1) + eps) ** -0.5
    x_hat = centred * rstd[:, None]
    g = dy * gamma
    along_one = g.mean(axis=1)[:, None]
    along_xhat = np.mean(g * x_hat, axis=1)[:, None] * x_hat
    grad_x = (g - along_one - along_xhat) * rstd[:, None]
    return grad_x.reshape(shape), (dy * x_hat).sum(axis=0), dy.sum(axis=0)
