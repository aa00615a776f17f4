# Wrong: cs231n's compact layernorm formula, D * dxhat - sum(dxhat) - xhat * sum(dxhat * xhat).
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    D = x.shape[-1]
    X = x.reshape(-1, D)
    dout = grad_out.reshape(-1, D)
    inv_rms = 1.0 / np.sqrt(np.sum(X * X, axis=1, keepdims=True) / D + eps)
    x_hat = X * inv_rms
    dx_hat = dout * weight
    dx = (
        (1.0 / D)
        * inv_rms
        * (
            D * dx_hat
            - np.sum(dx_hat, axis=1, keepdims=True)
            - x_hat * np.sum(dx_hat * x_hat, axis=1, keepdims=True)
        )
    )
    return dx.reshape(x.shape), np.sum(dout * x_hat, axis=0)
