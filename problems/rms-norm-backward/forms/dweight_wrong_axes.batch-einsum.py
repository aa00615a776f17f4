# Wrong: the einsum sums the batch index "b" away and keeps every other leading axis.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    d = x.shape[-1]
    inv = (np.einsum("...d,...d->...", x, x)[..., None] / d + eps) ** -0.5
    xh = x * inv
    g = grad_out * weight
    dx = inv * (g - xh * (g * xh).mean(-1, keepdims=True))
    dw = np.einsum("b...,b...->...", grad_out, xh)
    return dx, dw
