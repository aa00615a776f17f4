"""Known mistakes in one AdamW step."""

import numpy as np


def _moments(grad, m, v, beta1, beta2):
    return beta1 * m + (1 - beta1) * grad, beta2 * v + (1 - beta2) * grad * grad


def l2_in_gradient(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    grad = grad + weight_decay * param  # Adam + L2: the decay goes through m and v
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = new_m / (1 - beta1**step), new_v / (1 - beta2**step)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), new_m, new_v


def no_bias_correction(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    decayed = param * (1 - lr * weight_decay)
    return decayed - lr * new_m / (np.sqrt(new_v) + eps), new_m, new_v


def eps_inside_sqrt(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = new_m / (1 - beta1**step), new_v / (1 - beta2**step)
    decayed = param * (1 - lr * weight_decay)
    return decayed - lr * m_hat / np.sqrt(v_hat + eps), new_m, new_v


def decay_not_scaled_by_lr(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = new_m / (1 - beta1**step), new_v / (1 - beta2**step)
    decayed = param * (1 - weight_decay)  # the paper's lambda read as PyTorch's weight_decay
    return decayed - lr * m_hat / (np.sqrt(v_hat) + eps), new_m, new_v


def decay_after_update(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = new_m / (1 - beta1**step), new_v / (1 - beta2**step)
    stepped = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return stepped - lr * weight_decay * stepped, new_m, new_v  # decays the updated weights


MISTAKES = {
    "l2_in_gradient": l2_in_gradient,
    "no_bias_correction": no_bias_correction,
    "eps_inside_sqrt": eps_inside_sqrt,
    "decay_not_scaled_by_lr": decay_not_scaled_by_lr,
    "decay_after_update": decay_after_update,
}

MESSAGES = {
    "l2_in_gradient": {
        "en": "You added weight_decay * param to the gradient: that is Adam with L2 "
        "regularisation (torch.optim.Adam's weight_decay), not AdamW. The decay then passes "
        "through m and v and is divided by sqrt(v_hat). Decouple it: param *= 1 - lr * "
        "weight_decay, and feed the raw gradient to the moments.",
        "zh": "你把 weight_decay * param 加进了梯度：这是 Adam + L2 正则（torch.optim.Adam 的 "
        "weight_decay），不是 AdamW。这样衰减项会进入 m、v，还要被 sqrt(v_hat) 除。"
        "要解耦：直接 param *= 1 - lr * weight_decay，一阶、二阶矩只用原始梯度。",
    },
    "no_bias_correction": {
        "en": "You used m and v without bias correction. Both start at 0, so in the first "
        "steps they are far too small (m_1 = 0.1 g); divide by 1 - beta1**step and "
        "1 - beta2**step before taking the step.",
        "zh": "你直接用了 m 和 v，没做偏置修正。二者都从 0 开始，前几步的估计严重偏小"
        "（m_1 = 0.1 g）；更新前要分别除以 1 - beta1**step 和 1 - beta2**step。",
    },
    "eps_inside_sqrt": {
        "en": "You put eps inside the square root, sqrt(v_hat + eps). PyTorch's AdamW adds it "
        "outside, sqrt(v_hat) + eps; the two differ a lot when v_hat is small (sqrt(1e-8) "
        "is 1e-4, not 1e-8).",
        "zh": "你把 eps 放进了根号里：sqrt(v_hat + eps)。PyTorch 的 AdamW 是在开方之后再加，"
        "sqrt(v_hat) + eps；v_hat 很小时两者差别很大（sqrt(1e-8) 是 1e-4，不是 1e-8）。",
    },
    "decay_not_scaled_by_lr": {
        "en": "Your weight decay is param *= 1 - weight_decay, without the learning rate. In "
        "PyTorch's AdamW the decay is lr * weight_decay per step (the paper's lambda times "
        "the schedule), so it follows the learning rate: param *= 1 - lr * weight_decay.",
        "zh": "你的权重衰减写成了 param *= 1 - weight_decay，没乘学习率。PyTorch 的 AdamW 每步"
        "衰减的是 lr * weight_decay，会跟着学习率调度变化：param *= 1 - lr * weight_decay。",
    },
    "decay_after_update": {
        "en": "You decayed the weights after the Adam step, so the decay acts on the updated "
        "weights (theta - lr * update) instead of the weights this step started from. "
        "Shrink param first (param *= 1 - lr * weight_decay), then subtract the Adam update.",
        "zh": "你在 Adam 更新之后才做衰减，衰减作用在更新后的权重（theta - lr * update）上，"
        "而不是本步开始时的权重上。应先收缩 param（param *= 1 - lr * weight_decay），"
        "再减去 Adam 的更新量。",
    },
}
