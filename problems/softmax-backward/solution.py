import numpy as np


def softmax_backward(y: np.ndarray, grad_y: np.ndarray, axis: int = -1) -> np.ndarray:
    """dL/dx for y = softmax(x, axis), given dL/dy."""
    # The Jacobian is diag(y) - y y^T along `axis`; applied to grad_y it needs only one
    # dot product per row, never the [C, C] matrix itself.
    dot = np.sum(grad_y * y, axis=axis, keepdims=True)  # [..., 1, ...]: <grad_y, y> per row
    return y * (grad_y - dot)  # same shape as y
