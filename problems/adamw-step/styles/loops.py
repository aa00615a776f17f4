"""Element by element with math.sqrt, the way the update is written for one scalar weight on
a whiteboard, then repeated for every entry of the flattened arrays."""

import math

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    flat_p, flat_g = param.ravel(), grad.ravel()
    flat_m, flat_v = m.ravel(), v.ravel()
    out_p = np.empty(flat_p.size)
    out_m = np.empty(flat_p.size)
    out_v = np.empty(flat_p.size)
    c1 = 1 - beta1**step
    c2 = 1 - beta2**step
    for i in range(flat_p.size):
        w = float(flat_p[i]) * (1 - lr * weight_decay)
        g = float(flat_g[i])
        mi = beta1 * float(flat_m[i]) + (1 - beta1) * g
        vi = beta2 * float(flat_v[i]) + (1 - beta2) * g * g
        out_p[i] = w - lr * (mi / c1) / (math.sqrt(vi / c2) + eps)
        out_m[i], out_v[i] = mi, vi
    return out_p.reshape(param.shape), out_m.reshape(m.shape), out_v.reshape(v.shape)
