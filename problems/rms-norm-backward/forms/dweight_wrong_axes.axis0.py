# Wrong: grad_weight = sum(grad_out * x_hat, axis=0), the [N, D] habit on a [B, L, d] input.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    rstd = 1.0 / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps)
    x_hat = x * rstd
    g = grad_out * weight
    dx = rstd * (g - x_hat * np.mean(g * x_hat, axis=-1, keepdims=True))
    dweight = np.sum(grad_out * x_hat, axis=0)
    return dx, dweight
