"""Known mistakes in one dynamic-loss-scaling step (each as candidates write it)."""

import numpy as np


def _unscale(grads, scale):
    with np.errstate(invalid="ignore", over="ignore"):
        return [np.asarray(g, dtype=np.float64) / scale for g in grads]


def _found(grads):
    return any(not np.isfinite(g).all() for g in grads)


def _out(unscaled, found, scale, tracker):
    return unscaled, np.asarray(found), np.asarray(float(scale)), np.asarray(int(tracker))


def _clean(scale, tracker, growth_factor, growth_interval):
    tracker += 1
    if tracker == growth_interval:
        return scale * growth_factor, 0
    return scale, tracker


def grows_on_overflow(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    # found_inf is reported but the update treats every step as clean: no backoff.
    found = _found(grads)
    new_scale, new_tracker = _clean(scale, growth_tracker, growth_factor, growth_interval)
    return _out(_unscale(grads, scale), found, new_scale, new_tracker)


def counter_not_reset(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    # After growing, the tracker keeps its count (growth_interval) instead of restarting at 0.
    found = _found(grads)
    if found:
        new_scale, new_tracker = scale * backoff_factor, 0
    else:
        new_tracker = growth_tracker + 1
        new_scale = scale * growth_factor if new_tracker == growth_interval else scale
    return _out(_unscale(grads, scale), found, new_scale, new_tracker)


def counter_not_reset_on_overflow(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    # On an overflow the scale backs off but the tracker keeps the clean steps counted so far.
    found = _found(grads)
    if found:
        new_scale, new_tracker = scale * backoff_factor, growth_tracker
    else:
        new_scale, new_tracker = _clean(scale, growth_tracker, growth_factor, growth_interval)
    return _out(_unscale(grads, scale), found, new_scale, new_tracker)


def nan_not_detected(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    # Only np.isinf is checked: a NaN gradient counts as a clean step.
    found = any(np.isinf(g).any() for g in grads)
    if found:
        new_scale, new_tracker = scale * backoff_factor, 0
    else:
        new_scale, new_tracker = _clean(scale, growth_tracker, growth_factor, growth_interval)
    return _out(_unscale(grads, scale), found, new_scale, new_tracker)


def grows_one_step_late(
    grads, scale, growth_tracker, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000
):
    # Compares the tracker with growth_interval before counting this step: one step late.
    found = _found(grads)
    if found:
        new_scale, new_tracker = scale * backoff_factor, 0
    elif growth_tracker == growth_interval:
        new_scale, new_tracker = scale * growth_factor, 0
    else:
        new_scale, new_tracker = scale, growth_tracker + 1
    return _out(_unscale(grads, scale), found, new_scale, new_tracker)


MISTAKES = {
    "grows_on_overflow": grows_on_overflow,
    "counter_not_reset": counter_not_reset,
    "counter_not_reset_on_overflow": counter_not_reset_on_overflow,
    "nan_not_detected": nan_not_detected,
    "grows_one_step_late": grows_one_step_late,
}

MESSAGES = {
    "grows_on_overflow": {
        "en": "An inf or NaN was found but your scale update treated the step as a clean one: "
        "the scale was kept (or grown) and the tracker counted the step. An overflow means "
        "the scale is too large: multiply it by backoff_factor and reset the tracker to 0.",
        "zh": "已经发现了 inf 或 NaN，你更新 scale 时却把这一步当成正常步：scale 不变（甚至"
        "翻倍），tracker 还加了 1。溢出说明 scale 太大了：应乘 backoff_factor，tracker 归零。",
    },
    "counter_not_reset": {
        "en": "You grew the scale when the tracker reached growth_interval but did not reset "
        "the tracker, so it returns growth_interval and keeps counting past it: the scale "
        "would never grow again. After growing, set the tracker to 0.",
        "zh": "tracker 到了 growth_interval 时你把 scale 放大了，但没有把 tracker 清零，返回的"
        "是 growth_interval，之后还会继续往上数：scale 再也不会增长。放大之后 tracker 要归零。",
    },
    "counter_not_reset_on_overflow": {
        "en": "On an overflow you backed the scale off but kept the tracker's count. The "
        "tracker counts consecutive clean steps; an overflow breaks the run, so it must go "
        "back to 0, or the scale grows again soon after it was cut.",
        "zh": "溢出时你把 scale 降下来了，tracker 却保留了原来的计数。tracker 数的是连续的"
        "正常步，溢出打断了这个序列，必须归零；否则 scale 刚降下来不久又会被放大。",
    },
    "nan_not_detected": {
        "en": "You checked only for inf (np.isinf), so a NaN gradient passed as a clean step "
        "and the optimizer would apply it. Check np.isfinite, which is False for +inf, -inf "
        "and NaN alike.",
        "zh": "你只检查了 inf（np.isinf），NaN 梯度被当成正常步放过去了，优化器会把它用上。"
        "应该用 np.isfinite：+inf、-inf 和 NaN 它都会判为 False。",
    },
    "grows_one_step_late": {
        "en": "You compared the old tracker with growth_interval before counting this step, "
        "so the scale grows one clean step late (and never with growth_interval=1 on the "
        "first step). Add 1 for this clean step first, then compare with growth_interval.",
        "zh": "你在把这一步计进去之前就拿旧的 tracker 和 growth_interval 比较，scale 要晚一个"
        "正常步才增长（growth_interval=1 时第一步也不会增长）。先把这个正常步加 1，再和 "
        "growth_interval 比较。",
    },
}
