"""Known mistakes in sliding-window attention (scale and inverted mask are families)."""

import math

import torch


def _attend(q, k, v, allowed):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    return torch.softmax(scores.masked_fill(~allowed, -1e9), dim=-1) @ v


def _grid(length):
    return torch.arange(length)[:, None], torch.arange(length)[None, :]  # query i, key j


def window_off_by_one(q, k, v, window):
    i, j = _grid(q.size(-2))
    return _attend(q, k, v, (j <= i) & (i - j <= window))  # window + 1 keys


def window_not_causal(q, k, v, window):
    i, j = _grid(q.size(-2))
    return _attend(q, k, v, (i - j).abs() < window)  # the next window - 1 keys leak in


MISTAKES = {
    "window_off_by_one": window_off_by_one,
    "window_not_causal": window_not_causal,
}

MESSAGES = {
    "window_off_by_one": {
        "en": "Each query attends to window + 1 keys: it must see itself and the window - 1 "
        "positions before it, so keep keys with i - j < window (not <=).",
        "zh": "每个 query 关注了 window + 1 个 key：它只能看到自己和前面 window - 1 个位置，"
        "保留 i - j < window 的 key（不是 <=）。",
    },
    "window_not_causal": {
        "en": "Your window is two-sided (|i - j| < window): each query also attends to the "
        "next window - 1 positions, so the future leaks. Keep the window causal: j <= i too.",
        "zh": "你的窗口是双向的（|i - j| < window）：每个 query 还关注了后面 window - 1 个位置，"
        "未来信息泄漏了。窗口必须是因果的：还要满足 j <= i。",
    },
}
