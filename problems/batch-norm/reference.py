"""Trusted reference for batch-norm: BatchNorm1d's forward on [N, D], as a pure function."""

from __future__ import annotations

import numpy as np


def batch_norm(
    x: np.ndarray,
    gamma: np.ndarray,
    beta: np.ndarray,
    running_mean: np.ndarray,
    running_var: np.ndarray,
    training: bool,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Normalise each feature over the batch; update the running statistics in training.

    Matches torch.nn.functional.batch_norm: the batch is normalised with the biased batch
    variance, running_var is updated with the unbiased one (N - 1), and eval mode uses the
    running statistics and leaves them alone. Inputs are never modified.
    """
    if training:
        n = x.shape[0]
        mean = x.mean(axis=0)  # [D]
        var = ((x - mean) ** 2).mean(axis=0)  # [D], biased
        new_mean = (1 - momentum) * running_mean + momentum * mean  # [D]
        new_var = (1 - momentum) * running_var + momentum * var * (n / (n - 1))  # [D]
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    out = gamma * (x - mean) / np.sqrt(var + eps) + beta  # [N, D]
    return out, new_mean, new_var
