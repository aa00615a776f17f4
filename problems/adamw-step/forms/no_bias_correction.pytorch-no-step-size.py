# Wrong: PyTorch's layout with step_size = lr and denom = sqrt(exp_avg_sq) + eps: both bias
# corrections are left out.
import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    p = param.copy()
    exp_avg, exp_avg_sq = m.copy(), v.copy()
    p *= 1 - lr * weight_decay
    exp_avg *= beta1
    exp_avg += (1 - beta1) * grad
    exp_avg_sq *= beta2
    exp_avg_sq += (1 - beta2) * grad * grad
    step_size = lr
    denom = np.sqrt(exp_avg_sq) + eps
    p -= step_size * exp_avg / denom
    return p, exp_avg, exp_avg_sq
