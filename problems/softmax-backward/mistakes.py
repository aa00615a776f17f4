"""Known mistakes in the softmax backward pass."""


def softmax_backward_diagonal_only(y, grad_y, axis=-1):
    return y * (1 - y) * grad_y


def softmax_backward_wrong_axis(y, grad_y, axis=-1):
    return y * (grad_y - (grad_y * y).sum(axis=-1, keepdims=True))


def softmax_backward_missing_sum(y, grad_y, axis=-1):
    return y * grad_y


def softmax_backward_sign_flipped(y, grad_y, axis=-1):
    return y * ((grad_y * y).sum(axis=axis, keepdims=True) - grad_y)


MISTAKES = {
    "softmax_backward_diagonal_only": softmax_backward_diagonal_only,
    "softmax_backward_wrong_axis": softmax_backward_wrong_axis,
    "softmax_backward_missing_sum": softmax_backward_missing_sum,
    "softmax_backward_sign_flipped": softmax_backward_sign_flipped,
}

MESSAGES = {
    "softmax_backward_diagonal_only": {
        "en": "Your gradient is y(1 - y) * grad_y: only the diagonal of the softmax Jacobian. "
        "Every output depends on every input of its row (dy_i/dx_j = -y_i y_j for i != j), so "
        "the full product is y * (grad_y - sum(grad_y * y)) along the axis.",
        "zh": "你的梯度是 y(1 - y) * grad_y，只用了 softmax 雅可比矩阵的对角线。"
        "每个输出都依赖同一行的所有输入（i != j 时 dy_i/dx_j = -y_i y_j），"
        "完整结果是沿该轴的 y * (grad_y - sum(grad_y * y))。",
    },
    "softmax_backward_wrong_axis": {
        "en": "You always sum over the last axis and ignore `axis`. The sum of grad_y * y runs "
        "over the axis the softmax normalised: pass axis=axis, keepdims=True.",
        "zh": "你总是沿最后一维求和，忽略了 `axis` 参数。"
        "grad_y * y 的求和要沿 softmax 归一化的那个轴：用 axis=axis, keepdims=True。",
    },
    "softmax_backward_missing_sum": {
        "en": "Your gradient is y * grad_y: the term -y * sum(grad_y * y) is missing. Because the "
        "outputs sum to 1, raising one input lowers all the other outputs, and that coupling is "
        "the subtracted sum.",
        "zh": "你的梯度是 y * grad_y，少了 -y * sum(grad_y * y) 这一项。softmax 的输出和为 1，"
        "增大一个输入会压低其他所有输出，这种耦合正是被减去的那个求和项。",
    },
    "softmax_backward_sign_flipped": {
        "en": "Your gradient has the wrong sign: y * (sum(grad_y * y) - grad_y). It is "
        "y * (grad_y - sum(grad_y * y)).",
        "zh": "你的梯度符号反了：写成了 y * (sum(grad_y * y) - grad_y)。正确的是 "
        "y * (grad_y - sum(grad_y * y))。",
    },
}
