"""Known mistakes in online softmax."""

import numpy as np


def online_missing_rescale(x, block_size=4):
    n, length = x.shape
    m, s = np.full(n, -np.inf), np.zeros(n)
    for start in range(0, length, block_size):
        block = x[:, start : start + block_size]
        m = np.maximum(m, block.max(axis=1))
        s = s + np.exp(block - m[:, None]).sum(axis=1)  # old s not rescaled
    return np.exp(x - m[:, None]) / s[:, None]


def online_max_not_updated(x, block_size=4):
    m = x[:, :block_size].max(axis=1)  # the first block's maximum, kept for good
    s = np.zeros(x.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        for start in range(0, x.shape[1], block_size):
            s = s + np.exp(x[:, start : start + block_size] - m[:, None]).sum(axis=1)
        return np.exp(x - m[:, None]) / s[:, None]


def online_unstable(x, block_size=4):
    s = np.zeros(x.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        for start in range(0, x.shape[1], block_size):
            s = s + np.exp(x[:, start : start + block_size]).sum(axis=1)
        return np.exp(x) / s[:, None]


def online_block_off_by_one(x, block_size=4):
    n, length = x.shape
    m, s = np.full(n, -np.inf), np.zeros(n)
    for start in range(0, length - block_size + 1, block_size):  # the partial block is lost
        block = x[:, start : start + block_size]
        m_new = np.maximum(m, block.max(axis=1))
        s = s * np.exp(m - m_new) + np.exp(block - m_new[:, None]).sum(axis=1)
        m = m_new
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        return np.exp(x - m[:, None]) / s[:, None]


MISTAKES = {
    "online_missing_rescale": online_missing_rescale,
    "online_max_not_updated": online_max_not_updated,
    "online_unstable": online_unstable,
    "online_block_off_by_one": online_block_off_by_one,
}

MESSAGES = {
    "online_missing_rescale": {
        "en": "When a block raises the running maximum from m to m', you add the new terms "
        "as exp(x - m') but leave the old sum measured against m. Rescale it first: "
        "s = s * exp(m - m') + sum(exp(block - m')). Your answer is only right when the "
        "first block already holds the row's maximum.",
        "zh": "某个块把当前最大值从 m 提高到 m' 时，新项按 exp(x - m') 累加，"
        "旧的和却还是以 m 为基准。要先把旧的和缩放过来："
        "s = s * exp(m - m') + sum(exp(block - m'))。只有行最大值恰好落在第一个块时你的结果才对。",
    },
    "online_max_not_updated": {
        "en": "Your running maximum is fixed at the first block's maximum and never updated. "
        "The shift is still the same for every term, so moderate rows come out right, but a "
        "later block whose logits exceed it by more than about 709 overflows exp. Update "
        "m = max(m, block max) in every block and rescale the sum when it grows.",
        "zh": "你的当前最大值停在第一个块的最大值上，之后再没更新。所有项减的还是同一个数，"
        "所以数值不大的行结果是对的；但后面的块只要比它大出约 709，exp 就会上溢。"
        "每个块都要更新 m = max(m, 块内最大值)，m 变大时把和缩放一下。",
    },
    "online_unstable": {
        "en": "You sum exp(x) without subtracting any maximum, so logits near +1000 overflow "
        "to inf and logits near -1000 underflow to 0, giving NaN. Keep a running maximum m "
        "and accumulate exp(x - m) instead.",
        "zh": "你直接累加 exp(x)，没有减任何最大值：logits 在 +1000 附近会上溢成 inf，"
        "在 -1000 附近会下溢成 0，最后得到 NaN。应维护当前最大值 m，累加 exp(x - m)。",
    },
    "online_block_off_by_one": {
        "en": "Your loop over blocks stops before the last, partial block (for example "
        "range(0, L - block_size + 1, block_size) or L // block_size blocks), so when L is not "
        "a multiple of block_size the last columns never enter m and s. Step with "
        "range(0, L, block_size); slicing past the end is fine.",
        "zh": "你的分块循环漏掉了最后那个不完整的块（比如 range(0, L - block_size + 1, block_size) "
        "或只循环 L // block_size 次），L 不是 block_size 的整数倍时，最后几列没有进入 m 和 s。"
        "用 range(0, L, block_size) 遍历即可，切片越过末尾没有问题。",
    },
}
