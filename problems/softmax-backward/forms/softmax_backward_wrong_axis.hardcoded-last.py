# Wrong: the sum always runs over the last axis, whatever `axis` says.
import numpy as np


def softmax_backward(y, grad_y, axis=-1):
    s = np.sum(y * grad_y, axis=-1, keepdims=True)
    return y * (grad_y - s)
