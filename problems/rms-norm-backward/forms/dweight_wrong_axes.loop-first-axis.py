# Wrong: accumulates the weight gradient over the first axis only.
import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    rms = np.sqrt((x**2).mean(-1, keepdims=True) + eps)
    normed = x / rms
    dnormed = grad_out * weight
    dx = (dnormed - normed * (dnormed * normed).mean(-1, keepdims=True)) / rms
    dweight = np.zeros_like(grad_out[0])
    for b in range(x.shape[0]):
        dweight += grad_out[b] * normed[b]
    return dx, dweight
