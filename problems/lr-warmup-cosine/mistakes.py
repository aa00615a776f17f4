"""Known mistakes in a warm-up + cosine learning-rate schedule."""

import numpy as np


def _schedule(
    step,
    peak_lr,
    warmup_steps,
    total_steps,
    min_lr,
    *,
    shift=0,
    period=1.0,
    span=None,
    clamp=True,
    clip=False,
):
    s = np.asarray(step).astype(np.float64)
    warm = peak_lr * (s + shift) / max(1, warmup_steps)
    span = max(1, total_steps - warmup_steps) if span is None else span
    progress = (s - warmup_steps) / span
    if clamp:
        progress = np.minimum(1.0, progress)
    wave = 0.5 * (1.0 + np.cos(period * np.pi * progress))
    decay = np.maximum(min_lr, peak_lr * wave) if clip else min_lr + (peak_lr - min_lr) * wave
    return np.where(s < warmup_steps, warm, decay)


def warmup_off_by_one(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    return _schedule(step, peak_lr, warmup_steps, total_steps, min_lr, shift=1)


def cosine_full_period(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    return _schedule(step, peak_lr, warmup_steps, total_steps, min_lr, period=2.0)


def cosine_over_total_steps(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    return _schedule(step, peak_lr, warmup_steps, total_steps, min_lr, span=max(1, total_steps))


def not_clamped_after_total(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    return _schedule(step, peak_lr, warmup_steps, total_steps, min_lr, clamp=False)


def min_lr_clipped(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    return _schedule(step, peak_lr, warmup_steps, total_steps, min_lr, clip=True)


MISTAKES = {
    "warmup_off_by_one": warmup_off_by_one,
    "cosine_full_period": cosine_full_period,
    "cosine_over_total_steps": cosine_over_total_steps,
    "not_clamped_after_total": not_clamped_after_total,
    "min_lr_clipped": min_lr_clipped,
}

MESSAGES = {
    "warmup_off_by_one": {
        "en": "Your warm-up is one step early: it uses (step + 1) / warmup_steps, so step 0 "
        "already gets peak_lr / warmup_steps and the peak is reached at warmup_steps - 1. "
        "Steps count from 0 here and the rate at step 0 is 0: use step / warmup_steps.",
        "zh": "你的 warmup 提前了一步：用的是 (step + 1) / warmup_steps，第 0 步就有 "
        "peak_lr / warmup_steps，第 warmup_steps - 1 步就到了峰值。本题 step 从 0 开始，"
        "第 0 步学习率为 0：应为 step / warmup_steps。",
    },
    "cosine_full_period": {
        "en": "Your cosine runs a full period, cos(2 * pi * progress): the rate falls to min_lr "
        "half-way through the decay and climbs back to peak_lr at total_steps. The decay is "
        "half a period: 0.5 * (1 + cos(pi * progress)).",
        "zh": "你的余弦走了一个完整周期 cos(2 * pi * progress)：衰减到一半时就降到 min_lr，"
        "到 total_steps 又回到 peak_lr。衰减只走半个周期：0.5 * (1 + cos(pi * progress))。",
    },
    "cosine_over_total_steps": {
        "en": "Your progress is divided by total_steps instead of total_steps - warmup_steps, "
        "so the cosine is stretched over too many steps and has not reached min_lr at "
        "total_steps. The decay lasts total_steps - warmup_steps steps.",
        "zh": "你的 progress 除的是 total_steps，而不是 total_steps - warmup_steps，余弦被拉长了，"
        "到 total_steps 时还没降到 min_lr。衰减阶段一共 total_steps - warmup_steps 步。",
    },
    "not_clamped_after_total": {
        "en": "After total_steps your progress keeps growing past 1, so the cosine turns round "
        "and the learning rate rises again. Clamp it: progress = min(1, ...), which holds "
        "the rate at min_lr once the schedule is over.",
        "zh": "超过 total_steps 之后你的 progress 继续大于 1，余弦掉头，学习率又升回去了。"
        "要截断：progress = min(1, ...)，训练超出计划步数后学习率保持在 min_lr。",
    },
    "min_lr_clipped": {
        "en": "You decayed from peak_lr towards 0 and clipped the result at min_lr "
        "(max(min_lr, ...)), so the curve has a kink and stays flat early. Rescale instead: "
        "min_lr + (peak_lr - min_lr) * 0.5 * (1 + cos(pi * progress)).",
        "zh": "你是从 peak_lr 往 0 衰减，再用 max(min_lr, ...) 截断，曲线有折点，"
        "而且提前就平了。应该整体缩放："
        "min_lr + (peak_lr - min_lr) * 0.5 * (1 + cos(pi * progress))。",
    },
}
