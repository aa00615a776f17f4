"""Known mistakes in a hand-written embedding backward pass."""

import numpy as np


def _pad(dW, padding_idx):
    if padding_idx is not None:
        dW[padding_idx] = 0.0
    return dW


def fancy_index_drops_duplicates(ids, grad_out, vocab_size, padding_idx=None):
    # Buffered fancy-index +=: for a repeated id only one position's gradient survives.
    dW = np.zeros((vocab_size, grad_out.shape[-1]))
    dW[ids] += grad_out
    return _pad(dW, padding_idx)


def padding_row_not_zero(ids, grad_out, vocab_size, padding_idx=None):
    # Every row accumulated, the padding row included.
    d = grad_out.shape[-1]
    dW = np.zeros((vocab_size, d))
    np.add.at(dW, ids.reshape(-1), grad_out.reshape(-1, d))
    return dW


def flatten_wrong(ids, grad_out, vocab_size, padding_idx=None):
    # ids flattened column-major (ids.T), grad_out row-major: positions paired wrongly.
    d = grad_out.shape[-1]
    dW = np.zeros((vocab_size, d))
    np.add.at(dW, ids.T.reshape(-1), grad_out.reshape(-1, d))
    return _pad(dW, padding_idx)


MISTAKES = {
    "fancy_index_drops_duplicates": fancy_index_drops_duplicates,
    "padding_row_not_zero": padding_row_not_zero,
    "flatten_wrong": flatten_wrong,
}

MESSAGES = {
    "fancy_index_drops_duplicates": {
        "en": "You wrote dW[ids] += grad_out. Fancy-index += is buffered: it reads dW[ids], adds, "
        "and writes back, so a row named several times keeps only one of its gradients. Use "
        "np.add.at(dW, ids.reshape(-1), grad_out.reshape(-1, d)), which accumulates repeats.",
        "zh": "你写的是 dW[ids] += grad_out。花式索引的 += 是带缓冲的："
        "先读出 dW[ids]、加完再整体写回，"
        "同一个 id 出现多次时只有一次的梯度留了下来。应该用 "
        "np.add.at(dW, ids.reshape(-1), grad_out.reshape(-1, d))，它会把重复的 id 累加起来。",
    },
    "padding_row_not_zero": {
        "en": "The row padding_idx received the gradients of the pad positions. With "
        "nn.Embedding(padding_idx=...) that row gets no gradient at all: set dW[padding_idx] to "
        "0 (or skip those positions) when padding_idx is not None.",
        "zh": "第 padding_idx 行累加了 pad 位置的梯度。nn.Embedding(padding_idx=...) 里这一行"
        "根本不接收梯度：padding_idx 不为 None 时，把 dW[padding_idx] 置 0（或者跳过这些位置）。",
    },
    "flatten_wrong": {
        "en": "You flattened ids in column-major order (ids.T, order='F') but grad_out in "
        "row-major order, so each id is paired with the gradient of another position. Flatten "
        "both the same way: ids.reshape(-1) and grad_out.reshape(-1, d).",
        "zh": "你把 ids 按列优先展平（ids.T 或 order='F'），grad_out 却按行优先展平，"
        "每个 id 配上的是别的位置的梯度。两者要用同一种顺序展平："
        "ids.reshape(-1) 和 grad_out.reshape(-1, d)。",
    },
}
