"""Trusted reference for layer-norm-backward: the gradients of
y = gamma * (x - mean) / sqrt(var + eps) + beta over the last axis (biased variance), in
float64. Checked against torch autograd through F.layer_norm outside grading."""

import numpy as np


def layer_norm_backward(
    x: np.ndarray, gamma: np.ndarray, grad_out: np.ndarray, eps: float = 1e-5
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dL/dx [..., D], dL/dgamma [D], dL/dbeta [D]) given dL/dy = grad_out [..., D]."""
    x = np.asarray(x, dtype=np.float64)
    grad_out = np.asarray(grad_out, dtype=np.float64)
    mu = x.mean(axis=-1, keepdims=True)  # [..., 1]
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)  # [..., 1], biased
    rstd = 1.0 / np.sqrt(var + eps)  # [..., 1]
    x_hat = (x - mu) * rstd  # [..., D]
    lead = tuple(range(x.ndim - 1))  # every axis but the last
    grad_gamma = (grad_out * x_hat).sum(axis=lead)  # [D]
    grad_beta = grad_out.sum(axis=lead)  # [D]
    g = grad_out * gamma  # [..., D]: dL/dx_hat
    grad_x = rstd * (
        g - g.mean(axis=-1, keepdims=True) - x_hat * (g * x_hat).mean(axis=-1, keepdims=True)
    )
    return grad_x, grad_gamma, grad_beta
