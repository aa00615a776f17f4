"""Known mistakes in the sliding-window mask."""

import torch


def _grid(size):
    return torch.arange(size)[:, None], torch.arange(size)[None, :]  # query i, key j


def window_off_by_one(size, window):
    i, j = _grid(size)
    return (j <= i) & (i - j <= window)


def window_not_causal(size, window):
    i, j = _grid(size)
    return (i - j).abs() < window


def causal_off_by_one(size, window):
    i, j = _grid(size)
    return (j < i) & (j > i - window)


def mask_inverted(size, window):
    i, j = _grid(size)
    return ~((j <= i) & (j > i - window))


MISTAKES = {
    "window_off_by_one": window_off_by_one,
    "window_not_causal": window_not_causal,
    "causal_off_by_one": causal_off_by_one,
    "mask_inverted": mask_inverted,
}

MESSAGES = {
    "window_off_by_one": {
        "en": "Your window holds window + 1 keys: each query must see itself and the "
        "window - 1 tokens before it, so use i - j < window (not <=).",
        "zh": "你的窗口里有 window + 1 个 key：每个 query 只能看到自己和前面 window - 1 个 "
        "token，条件应为 i - j < window（不是 <=）。",
    },
    "window_not_causal": {
        "en": "Your window is symmetric (|i - j| < window), so each query also sees the next "
        "window - 1 tokens. The mask must stay causal: add j <= i.",
        "zh": "你的窗口是对称的（|i - j| < window），每个 query 还能看到后面 window - 1 个 "
        "token。掩码必须保持因果：加上 j <= i。",
    },
}
