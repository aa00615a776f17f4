import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    """Backward pass of RMSNorm over the last axis.

    x: float64 [..., d]; weight: [d]; grad_out: dL/dy, the shape of x; eps inside the root.
    Forward: y = x / sqrt(mean(x**2, axis=-1, keepdims=True) + eps) * weight.
    Returns: (grad_x [..., d], grad_weight [d]).
    """
    # TODO: recompute rstd = 1 / sqrt(mean(x^2) + eps) and x_hat = x * rstd
    # TODO: grad_weight sums over every leading axis; grad_x goes through rstd too
    return np.zeros_like(x), np.zeros_like(weight)
