"""Trusted reference for rms-norm-backward: the gradients of
y = x / sqrt(mean(x^2) + eps) * weight over the last axis (eps inside the root, as in
LLaMA's RMSNorm), in float64. Checked against torch autograd outside grading."""

import numpy as np


def rms_norm_backward(
    x: np.ndarray, weight: np.ndarray, grad_out: np.ndarray, eps: float = 1e-6
) -> tuple[np.ndarray, np.ndarray]:
    """(dL/dx [..., d], dL/dweight [d]) given dL/dy = grad_out [..., d]."""
    x = np.asarray(x, dtype=np.float64)
    grad_out = np.asarray(grad_out, dtype=np.float64)
    rstd = 1.0 / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps)  # [..., 1]
    x_hat = x * rstd  # [..., d]
    lead = tuple(range(x.ndim - 1))  # every axis but the last
    grad_weight = (grad_out * x_hat).sum(axis=lead)  # [d]
    g = grad_out * weight  # [..., d]: dL/dx_hat
    grad_x = rstd * (g - x_hat * (g * x_hat).mean(axis=-1, keepdims=True))  # [..., d]
    return grad_x, grad_weight
