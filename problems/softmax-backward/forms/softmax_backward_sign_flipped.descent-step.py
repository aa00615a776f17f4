# Wrong: returns the descent direction (minus the gradient) instead of the gradient.
import numpy as np


def softmax_backward(y, grad_y, axis=-1):
    grad = y * (grad_y - np.sum(grad_y * y, axis=axis, keepdims=True))
    return -grad
