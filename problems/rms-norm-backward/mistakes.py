"""Known mistakes in the RMSNorm backward pass."""

import numpy as np


def _grads(x, weight, grad_out, eps, *, mean_term=False, eps_outside=False, sum_axes="lead"):
    ms = (x * x).mean(axis=-1, keepdims=True)
    rstd = 1.0 / (np.sqrt(ms) + eps) if eps_outside else 1.0 / np.sqrt(ms + eps)
    x_hat = x * rstd
    g = grad_out * weight
    inner = g - x_hat * (g * x_hat).mean(axis=-1, keepdims=True)
    if mean_term:
        inner = inner - g.mean(axis=-1, keepdims=True)
    if sum_axes == "lead":
        axes = tuple(range(x.ndim - 1))
    elif sum_axes == "first":
        axes = 0
    else:
        axes = -1
    return rstd * inner, (grad_out * x_hat).sum(axis=axes)


def mean_term_included(x, weight, grad_out, eps=1e-6):
    # LayerNorm's backward copied: rstd * (g - mean(g) - x_hat * mean(g * x_hat)).
    return _grads(x, weight, grad_out, eps, mean_term=True)


def eps_outside_sqrt(x, weight, grad_out, eps=1e-6):
    # rms = sqrt(mean(x^2)) + eps, used in x_hat and in the backward formula alike.
    return _grads(x, weight, grad_out, eps, eps_outside=True)


def dweight_wrong_axes(x, weight, grad_out, eps=1e-6):
    # grad_weight summed over axis 0 only: right for [N, d], [L, d] for [B, L, d].
    return _grads(x, weight, grad_out, eps, sum_axes="first")


def dweight_summed_last_axis(x, weight, grad_out, eps=1e-6):
    # grad_weight summed over the feature axis: one number per token instead of per feature.
    return _grads(x, weight, grad_out, eps, sum_axes="last")


MISTAKES = {
    "mean_term_included": mean_term_included,
    "eps_outside_sqrt": eps_outside_sqrt,  # its message is the eps_outside_sqrt family's
    "dweight_wrong_axes": dweight_wrong_axes,
    "dweight_summed_last_axis": dweight_summed_last_axis,
}

MESSAGES = {
    "mean_term_included": {
        "en": "You subtracted mean(g) as LayerNorm's backward does. RMSNorm never centres x, "
        "so nothing in its forward pass depends on the mean of x and no mean term appears: "
        "grad_x = rstd * (g - x_hat * mean(g * x_hat)) with g = grad_out * weight.",
        "zh": "你照搬了 LayerNorm 反向里的减 mean(g) 那一项。RMSNorm 前向根本不做中心化，"
        "没有任何量依赖 x 的均值，所以没有这一项：grad_x = rstd * (g - x_hat * "
        "mean(g * x_hat))，其中 g = grad_out * weight。",
    },
    "dweight_wrong_axes": {
        "en": "grad_weight is summed over axis 0 only, which is right for [N, d] but leaves "
        "[L, d] for a [B, L, d] input. weight is shared by every token of every sequence: "
        "sum over all leading axes so the result has shape [d].",
        "zh": "grad_weight 只沿 axis 0 求和：二维输入 [N, d] 没问题，三维 [B, L, d] 就剩下 "
        "[L, d]。weight 被所有序列的所有 token 共享，要对全部前导维度求和，结果形状是 [d]。",
    },
    "dweight_summed_last_axis": {
        "en": "grad_weight is summed over the last axis, the features, which gives one number "
        "per token. Each feature has its own weight: keep the last axis and sum over all the "
        "others, shape [d].",
        "zh": "grad_weight 沿最后一维（特征维）求了和，得到的是每个 token 一个数。每个特征各有"
        "一个 weight：保留最后一维，对其余所有维度求和，形状是 [d]。",
    },
}
