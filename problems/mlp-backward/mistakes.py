"""Known mistakes in a hand-written two-layer MLP backward pass."""

import numpy as np


def _forward(x, y, w1, b1, w2, b2):
    """pre [N, H], h [N, H], the loss, and (p - onehot(y)) [N, C] before the 1/N."""
    n = x.shape[0]
    pre = x @ w1 + b1
    h = np.maximum(pre, 0.0)
    logits = h @ w2 + b2
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    loss = -log_probs[np.arange(n), y].mean()
    delta = np.exp(log_probs)
    delta[np.arange(n), y] -= 1.0
    return pre, h, np.asarray(loss), delta


def missing_mean_over_batch(x, y, w1, b1, w2, b2):
    # The loss is a mean, but the gradient of the logits is not divided by N.
    pre, h, loss, dlogits = _forward(x, y, w1, b1, w2, b2)
    dpre = (dlogits @ w2.T) * (pre > 0)
    return loss, x.T @ dpre, dpre.sum(axis=0), h.T @ dlogits, dlogits.sum(axis=0)


def relu_grad_wrong(x, y, w1, b1, w2, b2):
    # No ReLU mask: the gradient flows into units whose pre-activation was negative.
    pre, h, loss, dlogits = _forward(x, y, w1, b1, w2, b2)
    dlogits = dlogits / x.shape[0]
    dpre = dlogits @ w2.T
    return loss, x.T @ dpre, dpre.sum(axis=0), h.T @ dlogits, dlogits.sum(axis=0)


def relu_grad_times_activation(x, y, w1, b1, w2, b2):
    # relu(pre) used as relu'(pre): the upstream gradient multiplied by the activation.
    pre, h, loss, dlogits = _forward(x, y, w1, b1, w2, b2)
    dlogits = dlogits / x.shape[0]
    dpre = (dlogits @ w2.T) * h
    return loss, x.T @ dpre, dpre.sum(axis=0), h.T @ dlogits, dlogits.sum(axis=0)


def bias_grad_wrong_axis(x, y, w1, b1, w2, b2):
    # Both bias gradients summed over the feature axis: shapes [N] instead of [H] and [C].
    pre, h, loss, dlogits = _forward(x, y, w1, b1, w2, b2)
    dlogits = dlogits / x.shape[0]
    dpre = (dlogits @ w2.T) * (pre > 0)
    return loss, x.T @ dpre, dpre.sum(axis=1), h.T @ dlogits, dlogits.sum(axis=1)


def db2_wrong_axis(x, y, w1, b1, w2, b2):
    # Only the output layer's bias gradient summed over the classes.
    pre, h, loss, dlogits = _forward(x, y, w1, b1, w2, b2)
    dlogits = dlogits / x.shape[0]
    dpre = (dlogits @ w2.T) * (pre > 0)
    return loss, x.T @ dpre, dpre.sum(axis=0), h.T @ dlogits, dlogits.sum(axis=1)


def db1_wrong_axis(x, y, w1, b1, w2, b2):
    # Only the hidden layer's bias gradient summed over the hidden units.
    pre, h, loss, dlogits = _forward(x, y, w1, b1, w2, b2)
    dlogits = dlogits / x.shape[0]
    dpre = (dlogits @ w2.T) * (pre > 0)
    return loss, x.T @ dpre, dpre.sum(axis=1), h.T @ dlogits, dlogits.sum(axis=0)


MISTAKES = {
    "missing_mean_over_batch": missing_mean_over_batch,
    "relu_grad_wrong": relu_grad_wrong,
    "relu_grad_times_activation": relu_grad_times_activation,
    # Both biases, or one of them: the same slip.
    "bias_grad_wrong_axis": [bias_grad_wrong_axis, db2_wrong_axis, db1_wrong_axis],
}

MESSAGES = {
    "missing_mean_over_batch": {
        "en": "Your loss is the mean over the batch, but your gradients are N times too large: "
        "they are the gradients of the summed loss. The 1/N of the mean carries into every "
        "gradient; divide dlogits = softmax - onehot by N before backpropagating it.",
        "zh": "你的 loss 是对 batch 取平均，梯度却大了 N 倍：那是求和形式 loss 的梯度。"
        "平均里的 1/N 会传到每一个梯度上：先把 dlogits = softmax - onehot 除以 N，再往回传。",
    },
    "relu_grad_wrong": {
        "en": "Your gradient goes through the ReLU unchanged, as if it were the identity. "
        "ReLU's derivative is 0 where the pre-activation is <= 0: multiply dh by "
        "(pre > 0) before computing dw1 and db1.",
        "zh": "你的梯度原封不动地穿过了 ReLU，好像它是恒等映射。ReLU 在预激活值 <= 0 处导数为 0："
        "算 dw1、db1 之前先把 dh 乘上 (pre > 0)。",
    },
    "relu_grad_times_activation": {
        "en": "You multiplied dh by the ReLU's output h, i.e. by relu(pre) instead of its "
        "derivative. The derivative is the 0/1 mask (pre > 0): dpre = dh * (pre > 0).",
        "zh": "你把 dh 乘上了 ReLU 的输出 h，也就是乘了 relu(pre) 而不是它的导数。"
        "导数是 0/1 掩码 (pre > 0)：dpre = dh * (pre > 0)。",
    },
    "bias_grad_wrong_axis": {
        "en": "Your bias gradient is summed over the feature axis (axis=1), so it has one "
        "entry per example. A bias is added to every row of the batch: its gradient sums "
        "over the batch, db = d.sum(axis=0), with the shape of the bias.",
        "zh": "你的偏置梯度是沿特征维（axis=1）求和的，结果每个样本一个数。"
        "偏置被加到 batch 的每一行上，它的梯度要沿 batch 求和："
        "db = d.sum(axis=0)，形状与偏置相同。",
    },
}
