# Wrong: the layout of transformers' old AdamW ("add weight decay at the end"): addcdiv first,
# then p.add_(p, alpha=-lr * wd) on the already updated weights.
import math

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    p = np.array(param, copy=True)
    exp_avg = beta1 * m + (1.0 - beta1) * grad
    exp_avg_sq = beta2 * v + (1.0 - beta2) * grad * grad
    bias_correction1 = 1.0 - beta1**step
    bias_correction2 = 1.0 - beta2**step
    denom = np.sqrt(exp_avg_sq) / math.sqrt(bias_correction2) + eps
    p += -(lr / bias_correction1) * exp_avg / denom
    if weight_decay > 0.0:
        p += -lr * weight_decay * p
    return p, exp_avg, exp_avg_sq
