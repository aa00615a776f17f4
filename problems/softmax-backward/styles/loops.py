"""One row at a time with explicit Python loops over the Jacobian entries
dy_i/dx_j = y_i (delta_ij - y_j), the way the derivation is first written on paper."""

import numpy as np


def softmax_backward(y, grad_y, axis=-1):
    y_last = np.moveaxis(y, axis, -1)
    g_last = np.moveaxis(grad_y, axis, -1)
    rows_y = y_last.reshape(-1, y_last.shape[-1])
    rows_g = g_last.reshape(-1, y_last.shape[-1])
    out = np.zeros_like(rows_y)
    for r in range(rows_y.shape[0]):
        c = rows_y.shape[1]
        for j in range(c):
            total = 0.0
            for i in range(c):
                delta = 1.0 if i == j else 0.0
                total += rows_g[r, i] * rows_y[r, i] * (delta - rows_y[r, j])
            out[r, j] = total
    return np.moveaxis(out.reshape(y_last.shape), -1, axis)
