# Wrong: np.multiply of the two, with the centring step left out.
import numpy as np


def softmax_backward(y, grad_y, axis=-1):
    grad_x = np.multiply(y, grad_y)
    return grad_x
