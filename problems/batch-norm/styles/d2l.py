"""d2l.ai's batch_norm from scratch (chapter "Batch Normalization"), NumPy flavour. Adapted:
an explicit `training` flag instead of checking autograd's recording mode, only the
fully-connected (2-D) branch, and the running variance updated with the unbiased estimate
as PyTorch does (d2l uses the biased one)."""

import numpy as np


def batch_norm(X, gamma, beta, moving_mean, moving_var, training, momentum=0.1, eps=1e-5):
    # Use `training` to determine whether the current mode is training or prediction
    if not training:
        # In prediction mode, use mean and variance obtained by moving average
        X_hat = (X - moving_mean) / np.sqrt(moving_var + eps)
        return gamma * X_hat + beta, np.copy(moving_mean), np.copy(moving_var)
    assert len(X.shape) == 2
    # When using a fully connected layer, calculate the mean and variance on the feature dimension
    mean = X.mean(axis=0)
    var = ((X - mean) ** 2).mean(axis=0)
    # In training mode, the current mean and variance are used
    X_hat = (X - mean) / np.sqrt(var + eps)
    # Update the mean and variance using moving average
    n = X.shape[0]
    moving_mean = (1.0 - momentum) * moving_mean + momentum * mean
    moving_var = (1.0 - momentum) * moving_var + momentum * var * n / (n - 1)
    Y = gamma * X_hat + beta  # Scale and shift
    return Y, moving_mean, moving_var
