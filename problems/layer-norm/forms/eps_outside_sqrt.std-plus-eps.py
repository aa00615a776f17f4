# Wrong: divides by np.std(x) + eps, i.e. eps is added outside the square root.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    std = np.std(x, axis=-1, keepdims=True)
    return gamma * (x - mu) / (std + eps) + beta
