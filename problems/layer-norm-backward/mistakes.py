"""Known mistakes in the layer norm backward pass."""

import numpy as np


def _grads(x, gamma, grad_out, eps, *, ddof=0, eps_outside=False, lead=None, full=True):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True, ddof=ddof)
    rstd = 1.0 / (np.sqrt(var) + eps) if eps_outside else 1.0 / np.sqrt(var + eps)
    x_hat = (x - mu) * rstd
    lead = tuple(range(x.ndim - 1)) if lead is None else lead
    g = grad_out * gamma
    if full:
        grad_x = rstd * (
            g - g.mean(axis=-1, keepdims=True) - x_hat * (g * x_hat).mean(axis=-1, keepdims=True)
        )
    else:
        grad_x = rstd * g
    return grad_x, (grad_out * x_hat).sum(axis=lead), grad_out.sum(axis=lead)


def ln_backward_missing_mean_terms(x, gamma, grad_out, eps=1e-5):
    return _grads(x, gamma, grad_out, eps, full=False)


def ln_backward_unbiased_variance(x, gamma, grad_out, eps=1e-5):
    return _grads(x, gamma, grad_out, eps, ddof=1)


def ln_backward_gamma_not_reduced(x, gamma, grad_out, eps=1e-5):
    return _grads(x, gamma, grad_out, eps, lead=0)


def ln_backward_eps_outside_sqrt(x, gamma, grad_out, eps=1e-5):
    return _grads(x, gamma, grad_out, eps, eps_outside=True)


MISTAKES = {
    "ln_backward_missing_mean_terms": ln_backward_missing_mean_terms,
    "ln_backward_unbiased_variance": ln_backward_unbiased_variance,
    "ln_backward_gamma_not_reduced": ln_backward_gamma_not_reduced,
    "ln_backward_eps_outside_sqrt": ln_backward_eps_outside_sqrt,
}

MESSAGES = {
    "ln_backward_missing_mean_terms": {
        "en": "Your grad_x is gamma * grad_out / sqrt(var + eps): you treated the mean and the "
        "variance as constants. Both depend on every x of the row, which adds two terms: "
        "grad_x = rstd * (g - mean(g) - x_hat * mean(g * x_hat)) with g = grad_out * gamma.",
        "zh": "你的 grad_x 是 gamma * grad_out / sqrt(var + eps)：把均值和方差当成了常数。"
        "它们都依赖这一行的每个 x，因此还有两项：grad_x = rstd * (g - mean(g) - x_hat * "
        "mean(g * x_hat))，其中 g = grad_out * gamma。",
    },
    "ln_backward_unbiased_variance": {
        "en": "You recomputed the variance as the unbiased one (divide by D-1). Layer norm's "
        "forward uses the biased variance (divide by D), so x_hat and every gradient built "
        "on it must use it too.",
        "zh": "你重算方差时用了无偏方差（除以 D-1）。LayerNorm 前向用的是有偏方差（除以 D），"
        "x_hat 以及依赖它的所有梯度都要用同一个方差。",
    },
    "ln_backward_gamma_not_reduced": {
        "en": "grad_gamma and grad_beta are summed over axis 0 only. gamma and beta are shared "
        "by every position of every sequence, so sum over all leading axes: the results have "
        "shape [D].",
        "zh": "grad_gamma 和 grad_beta 只沿 axis 0 求了和。gamma、beta 被所有序列的所有位置共享，"
        "要沿全部前导维度求和，结果形状是 [D]。",
    },
    "ln_backward_eps_outside_sqrt": {
        "en": "eps is outside the square root: 1 / (sqrt(var) + eps). The forward pass divides "
        "by sqrt(var + eps), and the backward must use the same rstd.",
        "zh": "eps 放在了根号外：1 / (sqrt(var) + eps)。前向除以的是 sqrt(var + eps)，"
        "反向必须用同一个 rstd。",
    },
}
