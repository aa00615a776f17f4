# Wrong: squares np.std(ddof=1), the unbiased estimate, to get the variance.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma = np.std(x, axis=-1, ddof=1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sigma**2 + eps)
    return gamma * x_hat + beta
