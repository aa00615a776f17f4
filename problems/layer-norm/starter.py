import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Layer normalisation over the last axis.

    x: [..., D], gamma: [D], beta: [D]
    Returns: same shape as x.
    """
    # TODO: normalise each vector over the last axis, then scale and shift
    return np.zeros_like(x)
