# Wrong: normalises over axis -2 (the sequence axis, batch-norm style) instead of the features.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(axis=-2, keepdims=True)
    sigma2 = x.var(axis=-2, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sigma2 + eps)
    return gamma * x_hat + beta
