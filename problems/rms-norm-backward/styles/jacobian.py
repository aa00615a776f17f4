"""The explicit per-row Jacobian of x_hat with respect to x,
d x_hat_i / d x_j = rstd * (delta_ij - x_hat_i x_hat_j / d), applied with matmul; a
derivation-first style, O(d^2) per row. The Jacobian is symmetric, so J^T g = J g."""

import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    d = x.shape[-1]
    rstd = 1.0 / np.sqrt((x**2).mean(axis=-1, keepdims=True) + eps)
    x_hat = x * rstd
    outer = x_hat[..., :, None] * x_hat[..., None, :]
    jac = rstd[..., None] * (np.eye(d) - outer / d)
    g = grad_out * weight
    grad_x = (jac @ g[..., None])[..., 0]
    grad_weight = (grad_out * x_hat).reshape(-1, d).sum(axis=0)
    return grad_x, grad_weight
