# Wrong: the einsum contracts the last axis, so `axis` is ignored.
import numpy as np


def softmax_backward(y, grad_y, axis=-1):
    s = np.einsum("...c,...c->...", y, grad_y)[..., None]
    return y * grad_y - y * s
