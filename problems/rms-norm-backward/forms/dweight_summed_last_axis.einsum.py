# Wrong: the einsum contracts the feature index d and keeps the token axes.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    d = x.shape[-1]
    inv = 1.0 / np.sqrt(np.einsum("...d,...d->...", x, x) / d + eps)
    xh = x * inv[..., None]
    g = grad_out * weight
    dot = np.einsum("...d,...d->...", g, xh)
    dx = inv[..., None] * (g - xh * dot[..., None] / d)
    dw = np.einsum("...d,...d->...", grad_out, xh)
    return dx, dw
