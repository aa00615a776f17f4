import numpy as np


def clip_grad_norm(grads, max_norm):
    """Clip gradients by their global L2 norm, as torch.nn.utils.clip_grad_norm_ does.

    grads: list of float64 arrays (any shapes, at least 1-D), one per parameter.
    max_norm: Python float > 0, the largest global norm allowed.
    Returns: (clipped, total_norm): a list of new arrays, one per input, of the same
    shapes, and the global norm before clipping (a 0-d float64 array or a float).
    The arrays in `grads` must not be changed.
    """
    # TODO: total_norm = sqrt of the sum of squares of every entry of every array
    # TODO: clip_coef = max_norm / (total_norm + 1e-6)
    # TODO: scale every array by clip_coef only if clip_coef < 1, else copy it
    return [np.zeros_like(g) for g in grads], np.asarray(0.0)
