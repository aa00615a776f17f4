"""Known mistakes in clipping by the global norm (each as candidates write it)."""

import numpy as np


def _global_norm(grads):
    return np.sqrt(sum(np.sum(g * g) for g in grads))


def _scaled(grads, coef):
    return [g * coef for g in grads] if coef < 1 else [g.copy() for g in grads]


def clipped_per_tensor(grads, max_norm):
    # Each array clipped by its own norm: the direction of the whole gradient changes.
    clipped = []
    for g in grads:
        coef = max_norm / (np.sqrt(np.sum(g * g)) + 1e-6)
        clipped.append(g * coef if coef < 1 else g.copy())
    return clipped, np.asarray(_global_norm(grads))


def always_scaled(grads, max_norm):
    # coef applied whatever its value: gradients below max_norm are scaled up to it.
    total = _global_norm(grads)
    coef = max_norm / (total + 1e-6)
    return [g * coef for g in grads], np.asarray(total)


def sum_of_norms(grads, max_norm):
    # The per-array norms added up instead of combined as the root of a sum of squares.
    total = sum(np.sqrt(np.sum(g * g)) for g in grads)
    return _scaled(grads, max_norm / (total + 1e-6)), np.asarray(total)


def norm_after_clipping(grads, max_norm):
    # Clips correctly but reports the norm of the clipped gradients.
    clipped = _scaled(grads, max_norm / (_global_norm(grads) + 1e-6))
    return clipped, np.asarray(_global_norm(clipped))


def no_eps(grads, max_norm):
    # max_norm / total without PyTorch's 1e-6, scaling when total > max_norm.
    total = _global_norm(grads)
    if total > max_norm:
        return [g * (max_norm / total) for g in grads], np.asarray(total)
    return [g.copy() for g in grads], np.asarray(total)


MISTAKES = {
    "clipped_per_tensor": clipped_per_tensor,
    "always_scaled": always_scaled,
    "sum_of_norms": sum_of_norms,
    "norm_after_clipping": norm_after_clipping,
    "no_eps": no_eps,
}

MESSAGES = {
    "clipped_per_tensor": {
        "en": "You clipped each array by its own norm. clip_grad_norm_ computes one norm over "
        "all the gradients and scales every array by the same coefficient, so the direction "
        "of the full gradient is kept; per-tensor clipping shrinks some parameters and not "
        "others, and the update points somewhere else.",
        "zh": "你对每个数组按它自己的范数分别裁剪了。clip_grad_norm_ 是把所有梯度放在一起算一个"
        "全局范数，所有数组乘同一个系数，这样整体梯度方向不变；逐张量裁剪会让有的参数缩、"
        "有的不缩，更新方向就变了。",
    },
    "always_scaled": {
        "en": "You multiplied by max_norm / (total + 1e-6) even when it is 1 or more, so "
        "gradients whose norm is below max_norm were scaled up to it. Clipping only shrinks: "
        "scale when the coefficient is below 1 (or use min(coef, 1), as PyTorch's clamp does).",
        "zh": "系数 max_norm / (total + 1e-6) 不小于 1 时你也乘上去了，范数本来低于 max_norm 的"
        "梯度被放大到了 max_norm。裁剪只会缩小：系数小于 1 才缩放（或者像 PyTorch 那样 "
        "clamp 到最大 1，乘 min(coef, 1)）。",
    },
    "sum_of_norms": {
        "en": "Your total norm is the sum of the per-array norms. The global norm is the norm "
        "of all entries together: the square root of the sum of the squared per-array norms "
        "(sqrt(sum ||g_i||^2)), which is smaller as soon as there are two non-zero arrays.",
        "zh": "你把各个数组的范数直接加起来当总范数了。全局范数是所有元素拼在一起的 L2 范数，"
        "即各数组范数平方和再开方 sqrt(sum ||g_i||^2)；只要有两个非零数组，它就比范数之和小。",
    },
    "norm_after_clipping": {
        "en": "The gradients are clipped correctly, but the total_norm you return is the norm "
        "after clipping (about max_norm whenever clipping happened). Return the norm before "
        "clipping, as clip_grad_norm_ does: it is the number worth logging.",
        "zh": "裁剪本身没错，但你返回的 total_norm 是裁剪之后的范数（一旦裁剪就约等于 max_norm）。"
        "应该像 clip_grad_norm_ 一样返回裁剪前的范数，日志里要记的就是它。",
    },
    "no_eps": {
        "en": "You scaled by max_norm / total_norm without the 1e-6. PyTorch (and Megatron, "
        "DeepSpeed) use max_norm / (total_norm + 1e-6), which keeps the coefficient finite for "
        "zero gradients; the difference is about 1e-6 / total_norm relative, above this "
        "problem's tolerance.",
        "zh": "你的系数是 max_norm / total_norm，少了 1e-6。PyTorch（以及 Megatron、DeepSpeed）"
        "用的是 max_norm / (total_norm + 1e-6)，梯度全为 0 时系数也不会变成无穷；两者相对差约 "
        "1e-6 / total_norm，超过了本题的容差。",
    },
}
