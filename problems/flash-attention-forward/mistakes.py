"""Known mistakes in the block-wise attention forward pass.

Each variant walks the same tiles as the reference (keys in blocks of block_size) and fills
blocked scores with -inf, so a row whose every key is blocked comes out NaN, as it does for
a candidate who writes the same thing.
"""

import numpy as np


def _flash(q, k, v, block_size, *, scale=True, blocked=None, rescale_acc=True, running_max=True):
    """Online-softmax attention with one thing switched off; blocked(rows, cols) -> bool."""
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    if scale:
        q = q / np.sqrt(q.shape[1])
    rows = np.arange(q.shape[0])
    m = np.full(q.shape[0], -np.inf)
    ell = np.zeros(q.shape[0])
    acc = np.zeros((q.shape[0], v.shape[1]))
    with np.errstate(all="ignore"):
        for k0 in range(0, k.shape[0], block_size):
            s = q @ k[k0 : k0 + block_size].T
            if blocked is not None:
                cols = np.arange(k0, k0 + s.shape[1])
                s = np.where(blocked(rows[:, None], cols[None, :]), -np.inf, s)
            if not running_max:
                p = np.exp(s)
                ell = ell + p.sum(axis=1)
                acc = acc + p @ v[k0 : k0 + block_size]
                continue
            m_new = np.maximum(m, s.max(axis=1))
            p = np.exp(s - m_new[:, None])
            correction = np.exp(m - m_new)
            ell = ell * correction + p.sum(axis=1)
            acc = (acc * correction[:, None] if rescale_acc else acc) + p @ v[k0 : k0 + block_size]
            m = m_new
        return acc / ell[:, None]


def _top_left(causal):
    return (lambda i, j: j > i) if causal else None


def flash_missing_rescale(q, k, v, block_size=16, causal=False):
    # The denominator is rescaled when the max grows, the output accumulator is not.
    return _flash(q, k, v, block_size, blocked=_top_left(causal), rescale_acc=False)


def missing_scale(q, k, v, block_size=16, causal=False):
    return _flash(q, k, v, block_size, scale=False, blocked=_top_left(causal))


def causal_off_by_one(q, k, v, block_size=16, causal=False):
    # The diagonal blocked too: query 0 sees no key at all.
    return _flash(q, k, v, block_size, blocked=(lambda i, j: j >= i) if causal else None)


def flash_causal_bottom_right(q, k, v, block_size=16, causal=False):
    # The last query aligned with the last key: key j blocked when j > i + (Lk - Lq).
    shift = len(k) - len(q)
    return _flash(q, k, v, block_size, blocked=(lambda i, j: j > i + shift) if causal else None)


def flash_unstable(q, k, v, block_size=16, causal=False):
    # exp of the raw scores: no running max to subtract.
    return _flash(q, k, v, block_size, blocked=_top_left(causal), running_max=False)


MISTAKES = {
    "flash_missing_rescale": flash_missing_rescale,
    "missing_scale": missing_scale,
    "causal_off_by_one": causal_off_by_one,
    "flash_causal_bottom_right": flash_causal_bottom_right,
    "flash_unstable": flash_unstable,
}

MESSAGES = {
    "flash_missing_rescale": {
        "en": "When a key block raises a row's running max from m to m_new, everything "
        "accumulated so far was computed relative to the old max: multiply both the running "
        "sum l and the output accumulator by exp(m - m_new) before adding the new block.",
        "zh": "某个 key 块把一行的 running max 从 m 抬到 m_new 时，之前累积的量都是相对旧最大值"
        "算的：加新块之前，running sum l 和输出累加器都要先乘上 exp(m - m_new)。",
    },
    "flash_causal_bottom_right": {
        "en": "Your causal mask is aligned bottom-right (key j blocked when j > i + Lk - Lq, as "
        "in flash-attn 2.1+ for decoding). This problem counts both positions from 0: key j is "
        "blocked for query i exactly when j > i, also when Lq != Lk.",
        "zh": "你的因果掩码是右下角对齐的（j > i + Lk - Lq 时屏蔽，flash-attn 2.1 之后解码用的"
        "约定）。本题 query 和 key 都从 0 开始编号：只有 j > i 时屏蔽，Lq != Lk 时也一样。",
    },
    "flash_unstable": {
        "en": "exp overflows on large scores: you take exp of the raw scores. Keep a running "
        "max per row and compute exp(s - m_new); when the max grows, rescale what you have "
        "accumulated by exp(m - m_new).",
        "zh": "分数较大时 exp 溢出了：你直接对原始分数取 exp。每行维护一个 running max，"
        "计算 exp(s - m_new)；最大值变大时，把已累积的量乘上 exp(m - m_new)。",
    },
}
