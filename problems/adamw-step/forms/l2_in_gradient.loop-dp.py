# Wrong: the decay is folded into the gradient d_p before the moments (Adam + L2).
import math

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    p, new_m, new_v = np.empty_like(param), np.empty_like(m), np.empty_like(v)
    for i in np.ndindex(param.shape):
        d_p = grad[i] + weight_decay * param[i]
        new_m[i] = beta1 * m[i] + (1 - beta1) * d_p
        new_v[i] = beta2 * v[i] + (1 - beta2) * d_p**2
        m_hat = new_m[i] / (1 - beta1**step)
        v_hat = new_v[i] / (1 - beta2**step)
        p[i] = param[i] - lr * m_hat / (math.sqrt(v_hat) + eps)
    return p, new_m, new_v
