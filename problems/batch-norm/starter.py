import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    """Batch normalisation of x [N, D] over the batch axis.

    gamma, beta, running_mean, running_var: [D]; training: bool.
    Returns: (out [N, D], new_running_mean [D], new_running_var [D]).
    Do not modify the inputs in place.
    """
    # TODO: training: batch statistics, update the running ones; eval: use the running ones
    return np.zeros_like(x), running_mean.copy(), running_var.copy()
