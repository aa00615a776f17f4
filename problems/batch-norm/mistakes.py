"""Known mistakes in batch norm, each written as one plausible wrong implementation."""

import numpy as np


def batch_norm_wrong_axis(
    x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5
):
    if training:
        n = x.shape[1]
        mean = x.mean(axis=1, keepdims=True)  # per sample, over features: layer norm
        var = x.var(axis=1, keepdims=True)
        new_mean = (1 - momentum) * running_mean + momentum * mean
        new_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var


def unbiased_variance(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        mean = x.mean(axis=0)
        var = x.var(axis=0, ddof=1)  # the batch is normalised with N - 1 too
        new_mean = (1 - momentum) * running_mean + momentum * mean
        new_var = (1 - momentum) * running_var + momentum * var
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var


def running_var_biased(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        mean = x.mean(axis=0)
        var = x.var(axis=0)
        new_mean = (1 - momentum) * running_mean + momentum * mean
        new_var = (1 - momentum) * running_var + momentum * var  # biased, not N / (N - 1)
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var


def momentum_reversed(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        n = x.shape[0]
        mean = x.mean(axis=0)
        var = x.var(axis=0)
        new_mean = momentum * running_mean + (1 - momentum) * mean
        new_var = momentum * running_var + (1 - momentum) * var * n / (n - 1)
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var


def eval_uses_batch_stats(
    x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5
):
    mean = x.mean(axis=0)
    var = x.var(axis=0)
    if training:
        n = x.shape[0]
        new_mean = (1 - momentum) * running_mean + momentum * mean
        new_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    else:
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var


def training_flag_ignored(
    x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5
):
    n = x.shape[0]
    mean = x.mean(axis=0)
    var = x.var(axis=0)
    new_mean = (1 - momentum) * running_mean + momentum * mean
    new_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var


MISTAKES = {
    "batch_norm_wrong_axis": batch_norm_wrong_axis,
    "unbiased_variance": unbiased_variance,
    "running_var_biased": running_var_biased,
    "momentum_reversed": momentum_reversed,
    "eval_uses_batch_stats": eval_uses_batch_stats,
    "training_flag_ignored": training_flag_ignored,
}

MESSAGES = {
    "batch_norm_wrong_axis": {
        "en": "You took the statistics of each sample over its features (axis 1): that is "
        "layer norm. Batch norm takes one mean and one variance per feature, over the batch "
        "(axis 0), so they have shape [D].",
        "zh": "你对每个样本沿特征维（axis 1）求了统计量，这是层归一化。批归一化是对每个特征"
        "沿 batch 维（axis 0）求均值和方差，形状是 [D]。",
    },
    "running_var_biased": {
        "en": "running_var was updated with the biased batch variance. PyTorch updates it with "
        "the unbiased one: var * N / (N-1), while the batch itself is normalised with the "
        "biased variance.",
        "zh": "你用有偏的 batch 方差更新了 running_var。PyTorch 更新时用的是无偏方差 "
        "var * N / (N-1)，而归一化当前 batch 用的是有偏方差。",
    },
    "momentum_reversed": {
        "en": "The momentum is the wrong way round. In PyTorch's convention the new statistic "
        "gets weight momentum: new = (1 - momentum) * running + momentum * batch_stat.",
        "zh": "momentum 用反了。按 PyTorch 的约定，momentum 是新统计量的权重："
        "new = (1 - momentum) * running + momentum * batch_stat。",
    },
    "eval_uses_batch_stats": {
        "en": "With training=False you normalised with the batch's own mean and variance. "
        "Eval mode normalises with running_mean and running_var, so the output of a sample "
        "does not depend on the rest of the batch.",
        "zh": "training=False 时你仍用当前 batch 的均值和方差做归一化。推理模式要用 "
        "running_mean 和 running_var，这样一个样本的输出不依赖 batch 里的其他样本。",
    },
    "training_flag_ignored": {
        "en": "You ignored training: with training=False you still used the batch statistics "
        "and updated the running ones. In eval mode normalise with running_mean and "
        "running_var and return them unchanged.",
        "zh": "你忽略了 training 参数：training=False 时仍用 batch 统计量归一化，"
        "还更新了滑动统计量。推理模式应使用 running_mean 和 running_var，并原样返回它们。",
    },
}
