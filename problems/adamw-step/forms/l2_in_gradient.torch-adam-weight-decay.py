# Wrong: torch.optim.Adam's weight_decay (grad = grad + wd * param), which is L2, not AdamW.
import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    if weight_decay != 0:
        grad = grad + weight_decay * param
    exp_avg = beta1 * m + (1 - beta1) * grad
    exp_avg_sq = beta2 * v + (1 - beta2) * grad * grad
    step_size = lr / (1 - beta1**step)
    denom = np.sqrt(exp_avg_sq) / np.sqrt(1 - beta2**step) + eps
    return param - step_size * exp_avg / denom, exp_avg, exp_avg_sq
