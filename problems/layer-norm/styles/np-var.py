"""x.mean / x.var (ddof=0 by default, i.e. biased) over the last axis, eps inside np.sqrt."""

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
