import numpy as np


def softmax(x, axis=-1):
    """Numerically stable softmax.

    x: float array of any shape.
    Returns an array with the same shape as x; slices along `axis` sum to 1.
    """
    # TODO: implement a softmax that does not overflow for logits around +/-1000
    return np.zeros_like(x)
