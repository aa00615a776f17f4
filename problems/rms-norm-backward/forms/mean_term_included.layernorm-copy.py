# Wrong: LayerNorm's backward pasted in, with the mean of g subtracted.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    rstd = 1.0 / np.sqrt((x**2).mean(-1, keepdims=True) + eps)
    x_hat = x * rstd
    g = grad_out * weight
    grad_x = rstd * (g - g.mean(-1, keepdims=True) - x_hat * (g * x_hat).mean(-1, keepdims=True))
    lead = tuple(range(x.ndim - 1))
    return grad_x, (grad_out * x_hat).sum(axis=lead)
