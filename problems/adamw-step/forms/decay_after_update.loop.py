# Wrong: per weight, the decay is taken from the value after the Adam update.
import math

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    new_p, new_m, new_v = np.empty_like(param), np.empty_like(m), np.empty_like(v)
    for idx in np.ndindex(*param.shape):
        mi = beta1 * m[idx] + (1 - beta1) * grad[idx]
        vi = beta2 * v[idx] + (1 - beta2) * grad[idx] ** 2
        w = param[idx] - lr * (mi / (1 - beta1**step)) / (math.sqrt(vi / (1 - beta2**step)) + eps)
        w -= lr * weight_decay * w
        new_p[idx], new_m[idx], new_v[idx] = w, mi, vi
    return new_p, new_m, new_v
