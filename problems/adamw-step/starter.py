import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    """One AdamW step (PyTorch's torch.optim.AdamW semantics).

    param, grad, m, v: float64 arrays of one shape (m, v: the moments after step - 1 steps).
    step: the number of this step, a Python int counted from 1.
    Returns: (new_param, new_m, new_v), new arrays of the same shape; the inputs unchanged.
    """
    # TODO: decoupled weight decay on param (scaled by lr)
    # TODO: update the first and second moments
    # TODO: bias-correct them with the step number
    # TODO: take the adaptive step, eps outside the square root
    return np.zeros_like(param), np.zeros_like(m), np.zeros_like(v)
