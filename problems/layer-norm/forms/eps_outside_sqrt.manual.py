# Wrong: the hand-computed standard deviation gets eps added after the square root.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    mean = x.sum(axis=-1, keepdims=True) / d
    centred = x - mean
    std = np.sqrt((centred * centred).sum(axis=-1, keepdims=True) / d)
    normed = centred / (std + eps)
    return normed * gamma + beta
