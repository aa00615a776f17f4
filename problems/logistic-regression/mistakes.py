"""Known mistakes in logistic regression by gradient descent."""

import numpy as np


def _stable(z):
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _overflowing(z):
    # exp(z) / (1 + exp(z)): for z > ~709, exp(z) is inf and inf / inf is NaN.
    with np.errstate(over="ignore", invalid="ignore"):
        ez = np.exp(z)
        return ez / (1.0 + ez)


def _train(X, y, lr, n_iter, l2, *, sigmoid=_stable, sign=-1.0, mean=True, reg_bias=False):
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    scale = 1.0 / n if mean else 1.0
    for _ in range(n_iter):
        err = sigmoid(X @ w + b) - y
        gw = scale * (X.T @ err) + l2 * w
        gb = scale * err.sum() + (l2 * b if reg_bias else 0.0)
        w = w + sign * lr * gw
        b = b + sign * lr * gb
    return w, np.asarray(b, dtype=np.float64)


def sigmoid_overflow(X, y, lr=0.1, n_iter=100, l2=0.0):
    return _train(X, y, lr, n_iter, l2, sigmoid=_overflowing)


def bias_regularised(X, y, lr=0.1, n_iter=100, l2=0.0):
    return _train(X, y, lr, n_iter, l2, reg_bias=True)


def gradient_sign(X, y, lr=0.1, n_iter=100, l2=0.0):
    return _train(X, y, lr, n_iter, l2, sign=1.0)


def not_averaged(X, y, lr=0.1, n_iter=100, l2=0.0):
    return _train(X, y, lr, n_iter, l2, mean=False)


MISTAKES = {
    "sigmoid_overflow": sigmoid_overflow,
    "bias_regularised": bias_regularised,
    "gradient_sign": gradient_sign,
    "not_averaged": not_averaged,
}

MESSAGES = {
    "sigmoid_overflow": {
        "en": "Your sigmoid overflows: exp(z) / (1 + exp(z)) is inf / inf = NaN once z passes "
        "about 709, and the NaN spreads into w and b. Only ever exponentiate a non-positive "
        "number: with e = exp(-|z|), p = 1 / (1 + e) for z >= 0 and e / (1 + e) for z < 0.",
        "zh": "sigmoid 溢出了：z 超过约 709 时 exp(z) / (1 + exp(z)) 变成 inf / inf = NaN，"
        "NaN 随后传遍 w 和 b。只对非正数取 exp：令 e = exp(-|z|)，z >= 0 时 p = 1 / (1 + e)，"
        "z < 0 时 p = e / (1 + e)。",
    },
    "bias_regularised": {
        "en": "You added l2 * b to the bias gradient. The penalty is 0.5 * l2 * ||w||^2 on the "
        "weights only: the bias just sets the base rate, shrinking it towards 0 biases the "
        "predicted probabilities towards 0.5. Use gb = mean(p - y).",
        "zh": "你给偏置的梯度也加了 l2 * b。正则项只有 0.5 * l2 * ||w||^2，只管权重：偏置决定的是"
        "整体正例比例，把它往 0 拉会让预测概率整体偏向 0.5。偏置梯度就是 gb = mean(p - y)。",
    },
    "gradient_sign": {
        "en": "You stepped along the gradient (w += lr * gw), which increases the loss. p - y is "
        "the gradient of the cross-entropy, so gradient descent subtracts it: w -= lr * gw, "
        "b -= lr * gb. (w += lr * X.T @ (y - p) / N is the same correct step, written as "
        "ascent on the log-likelihood.)",
        "zh": "你沿着梯度方向走了（w += lr * gw），loss 会越来越大。p - y 是交叉熵的梯度，梯度下降"
        "要减去它：w -= lr * gw，b -= lr * gb。（写成对数似然的梯度上升 "
        "w += lr * X.T @ (y - p) / N 也对，符号要和 y - p 配套。）",
    },
    "not_averaged": {
        "en": "Your gradients are sums over the examples, N times too large: the loss is the "
        "mean BCE, so divide X.T @ (p - y) and sum(p - y) by N (the l2 * w term is not "
        "divided). Otherwise the effective learning rate grows with the batch size.",
        "zh": "梯度是对样本求和，大了 N 倍：loss 是 BCE 的均值，X.T @ (p - y) 和 sum(p - y) 都要"
        "除以 N（l2 * w 那项不除）。否则等效学习率会随样本数变大。",
    },
}
