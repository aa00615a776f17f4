"""Trusted reference for softmax-backward: the vector-Jacobian product of softmax, in float64.

Checked against torch autograd outside grading (softmax(log y) = y, so autograd through
torch.softmax at log y gives the same gradient).
"""

import numpy as np


def softmax_backward(y: np.ndarray, grad_y: np.ndarray, axis: int = -1) -> np.ndarray:
    """grad_x = y * (grad_y - sum(grad_y * y, axis)) for y = softmax(x, axis)."""
    y = np.asarray(y, dtype=np.float64)
    grad_y = np.asarray(grad_y, dtype=np.float64)
    dot = (grad_y * y).sum(axis=axis, keepdims=True)  # [..., 1, ...]: one number per row
    return y * (grad_y - dot)
