# Wrong: grad_weight summed over the last (feature) axis, one number per token.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    rstd = 1.0 / np.sqrt((x**2).mean(axis=-1, keepdims=True) + eps)
    x_hat = x * rstd
    g = grad_out * weight
    grad_x = rstd * (g - x_hat * (g * x_hat).mean(axis=-1, keepdims=True))
    grad_weight = (grad_out * x_hat).sum(axis=-1)
    return grad_x, grad_weight
