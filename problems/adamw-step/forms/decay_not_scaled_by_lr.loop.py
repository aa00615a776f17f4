# Wrong: each weight loses weight_decay * w per step, the learning rate left out of the decay.
import math

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    out_p, out_m, out_v = (np.zeros(param.size) for _ in range(3))
    for i, (w, g, mi, vi) in enumerate(zip(param.flat, grad.flat, m.flat, v.flat, strict=True)):
        w -= weight_decay * w
        mi = beta1 * mi + (1 - beta1) * g
        vi = beta2 * vi + (1 - beta2) * g * g
        w -= lr * (mi / (1 - beta1**step)) / (math.sqrt(vi / (1 - beta2**step)) + eps)
        out_p[i], out_m[i], out_v[i] = w, mi, vi
    return out_p.reshape(param.shape), out_m.reshape(m.shape), out_v.reshape(v.shape)
