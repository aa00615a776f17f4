# Wrong: RMS as ||x|| / sqrt(d), then eps added to it, not to the mean square.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    d = x.shape[-1]
    flat = x.reshape(-1, d)
    dy = grad_out.reshape(-1, d)
    rms = np.linalg.norm(flat, axis=1, keepdims=True) / np.sqrt(d) + eps
    rstd = 1.0 / rms
    xn = flat * rstd
    g = dy * weight
    dx = rstd * (g - xn * (g * xn).sum(axis=1, keepdims=True) / d)
    return dx.reshape(x.shape), (dy * xn).sum(axis=0)
