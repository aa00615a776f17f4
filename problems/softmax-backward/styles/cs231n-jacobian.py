"""The explicit Jacobian, as derived in cs231n-style notes: J = diag(y) - y y^T for each row,
then grad_x = J^T grad_y (J is symmetric). The softmax axis is moved last first."""

import numpy as np


def softmax_backward(y, grad_y, axis=-1):
    y_last = np.moveaxis(y, axis, -1)  # [..., C]
    g_last = np.moveaxis(grad_y, axis, -1)
    c = y_last.shape[-1]
    jacobian = y_last[..., :, None] * np.eye(c) - y_last[..., :, None] * y_last[..., None, :]
    grad = np.einsum("...ji,...j->...i", jacobian, g_last)
    return np.moveaxis(grad, -1, axis)
