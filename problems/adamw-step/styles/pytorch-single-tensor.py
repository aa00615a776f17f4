"""Adapted from PyTorch's torch/optim/adam.py, `_single_tensor_adam` (torch 2.13, the
branch with decoupled_weight_decay=True that torch.optim.AdamW takes, capturable=False):
param.mul_(1 - lr * weight_decay), exp_avg.lerp_, exp_avg_sq.mul_().addcmul_(), then
step_size = lr / bias_correction1, denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt) + eps
and param.addcdiv_(exp_avg, denom, value=-step_size). Changed: numpy instead of tensors,
one parameter instead of a list, and the in-place updates run on copies (.copy() first),
so the caller's arrays are left as they were. The eps maths is reordered (the division by
sqrt(bias_correction2) happens before eps is added, lr / bias_correction1 is folded into
step_size): the same numbers up to rounding, about 1e-16 relative."""

import math

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    param = param.copy()
    exp_avg = m.copy()
    exp_avg_sq = v.copy()

    # Perform stepweight decay
    param *= 1 - lr * weight_decay

    # Decay the first and second moment running average coefficient
    exp_avg += (grad - exp_avg) * (1 - beta1)  # lerp_(grad, 1 - beta1)
    exp_avg_sq *= beta2
    exp_avg_sq += (1 - beta2) * grad * grad  # addcmul_(grad, grad, value=1 - beta2)

    bias_correction1 = 1 - beta1**step
    bias_correction2 = 1 - beta2**step
    step_size = lr / bias_correction1
    bias_correction2_sqrt = math.sqrt(bias_correction2)

    denom = np.sqrt(exp_avg_sq) / bias_correction2_sqrt + eps
    param -= step_size * exp_avg / denom  # addcdiv_(exp_avg, denom, value=-step_size)
    return param, exp_avg, exp_avg_sq
