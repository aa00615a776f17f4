"""The maths of Liger-Kernel's Triton RMSNorm backward (linkedin/Liger-Kernel,
src/liger_kernel/ops/rms_norm.py, `_rms_norm_backward` and `LigerRMSNormFunction`, read
2026-12) in NumPy: X viewed as (n_rows, n_cols), the forward caches r = rsqrt(mean(X^2) +
eps) per row, the kernel computes
dX = r * (dY * W - (1 / n_cols) * r * r * sum(dY * W * X) * X) and per-row
dW = dY * X * r, and the host sums dW over dim 0. The program-per-row loop becomes
vectorised rows, and Liger's `offset` (Gemma's 1 + weight) is dropped (offset = 0)."""

import numpy as np


def _forward(X, W, eps):
    mean_square = np.sum(X * X, axis=1) / X.shape[1]
    r = 1.0 / np.sqrt(mean_square + eps)  # cached inverse RMS, one per row
    return X * r[:, None] * W, r


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    shape = x.shape
    dim = shape[-1]
    X = x.reshape(-1, dim)
    dY = grad_out.reshape(-1, dim)
    n_cols = X.shape[1]
    _, r = _forward(X, weight, eps)
    inv_rms_row = r[:, None]
    W_row = weight
    dX = inv_rms_row * (
        dY * W_row
        - (1 / n_cols)
        * inv_rms_row
        * inv_rms_row
        * np.sum(dY * W_row * X, axis=1, keepdims=True)
        * X
    )
    dW = dY * X * inv_rms_row  # one row of contributions per token
    return dX.reshape(shape), np.sum(dW, axis=0)
