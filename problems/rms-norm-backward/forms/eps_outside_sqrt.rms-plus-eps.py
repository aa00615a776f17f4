# Wrong: rms = sqrt(mean(x^2)) + eps, eps added after the square root.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    rms = np.sqrt(np.mean(x**2, axis=-1, keepdims=True)) + eps
    y_hat = x / rms
    g = grad_out * weight
    dx = (g - y_hat * np.mean(g * y_hat, axis=-1, keepdims=True)) / rms
    return dx, np.sum(grad_out * y_hat, axis=tuple(range(x.ndim - 1)))
