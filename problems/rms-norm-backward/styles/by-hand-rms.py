"""The formula as one derives it on a whiteboard, dividing by the RMS instead of
multiplying by its inverse: y_hat = x / rms, dx = (g - y_hat * mean(g * y_hat)) / rms."""

import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    rms = np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True) + eps)
    y_hat = x / rms
    g = grad_out * weight
    dx = (g - y_hat * np.mean(g * y_hat, axis=-1, keepdims=True)) / rms
    dw = np.sum(grad_out * y_hat, axis=tuple(range(x.ndim - 1)))
    return dx, dw
