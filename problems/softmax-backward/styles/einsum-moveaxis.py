"""The vector-Jacobian product with einsum: move the softmax axis last, contract it for the
dot product <grad_y, y>, subtract, and move the axis back."""

import numpy as np


def softmax_backward(y: np.ndarray, grad_y: np.ndarray, axis: int = -1) -> np.ndarray:
    p = np.moveaxis(y, axis, -1)
    g = np.moveaxis(grad_y, axis, -1)
    inner = np.einsum("...c,...c->...", g, p)[..., None]
    return np.moveaxis(p * g - p * inner, -1, axis)
