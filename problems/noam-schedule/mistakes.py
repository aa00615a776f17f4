"""Known mistakes in the Noam schedule."""

import numpy as np


def noam_max_instead_of_min(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64)
    return factor * d_model**-0.5 * np.maximum(step**-0.5, step * warmup_steps**-1.5)


def noam_missing_d_model(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64)
    return factor * np.minimum(step**-0.5, step * warmup_steps**-1.5)


def noam_warmup_exponent(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64)
    return factor * d_model**-0.5 * np.minimum(step**-0.5, step * warmup_steps**-0.5)


def noam_step_off_by_one(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64) + 1
    return factor * d_model**-0.5 * np.minimum(step**-0.5, step * warmup_steps**-1.5)


MISTAKES = {
    "noam_max_instead_of_min": noam_max_instead_of_min,
    "noam_missing_d_model": noam_missing_d_model,
    "noam_warmup_exponent": noam_warmup_exponent,
    "noam_step_off_by_one": noam_step_off_by_one,
}

MESSAGES = {
    "noam_max_instead_of_min": {
        "en": "You took the larger of the two terms. The schedule is the minimum: the linear "
        "warmup term step·warmup^-1.5 is the smaller one before the peak, step^-0.5 after it.",
        "zh": "你取了两项中较大的那个。调度公式取的是最小值：峰值之前线性 warmup 项 "
        "step·warmup^-1.5 更小，峰值之后 step^-0.5 更小。",
    },
    "noam_missing_d_model": {
        "en": "The factor d_model^-0.5 is missing: the whole schedule is scaled by "
        "1/sqrt(d_model), so a wider model gets a smaller learning rate.",
        "zh": "缺少 d_model^-0.5 这一项：整条曲线要乘以 1/sqrt(d_model)，模型越宽，学习率越小。",
    },
    "noam_warmup_exponent": {
        "en": "The warmup exponent is wrong: the linear term is step · warmup_steps^-1.5 "
        "(not ^-0.5), so that the two terms meet at step = warmup_steps.",
        "zh": "warmup 项的指数写错了：线性项是 step · warmup_steps^-1.5（不是 ^-0.5），"
        "这样两项才会在 step = warmup_steps 处相等。",
    },
    "noam_step_off_by_one": {
        "en": "Your schedule is one step late: it uses step + 1. The steps given are already "
        "counted from 1; use them as they are.",
        "zh": "你的调度错后了一步：用的是 step + 1。传入的 step 已经从 1 开始计数，直接使用即可。",
    },
}
