"""Known mistakes in a chunked LM-head cross-entropy, each chunked as a candidate would."""

import torch.nn.functional as F


def _chunk_sums(hidden, weight, labels, chunk, ignore_index, stop=None):
    """(summed loss, real-row count) of each chunk, the first `stop` rows only if given."""
    end = hidden.shape[0] if stop is None else stop
    for start in range(0, end, chunk):
        rows = slice(start, min(start + chunk, end))
        logits = hidden[rows] @ weight.T
        yield (
            F.cross_entropy(logits, labels[rows], ignore_index=ignore_index, reduction="sum"),
            (labels[rows] != ignore_index).sum(),
        )


def normalised_per_chunk(hidden, weight, labels, chunk=1024, ignore_index=-100):
    # Each chunk averaged over its own real rows, then the chunk means averaged: a chunk
    # with no real row gives 0 / 0 = NaN.
    means = [s / n for s, n in _chunk_sums(hidden, weight, labels, chunk, ignore_index)]
    return sum(means) / len(means)


def ignore_count(hidden, weight, labels, chunk=1024, ignore_index=-100):
    # The ignored rows add 0 to the sum but are still counted: divided by N.
    total = sum(s for s, _ in _chunk_sums(hidden, weight, labels, chunk, ignore_index))
    return total / labels.shape[0]


def last_chunk_dropped(hidden, weight, labels, chunk=1024, ignore_index=-100):
    # range(N // chunk) chunks: the last, shorter chunk is never visited (and with
    # chunk > N no chunk at all); the denominator still counts every real row.
    stop = (hidden.shape[0] // chunk) * chunk
    total = sum(s for s, _ in _chunk_sums(hidden, weight, labels, chunk, ignore_index, stop))
    return (total + hidden.new_zeros(())) / (labels != ignore_index).sum()


MISTAKES = {
    "normalised_per_chunk": normalised_per_chunk,
    "ignore_count": ignore_count,
    "last_chunk_dropped": last_chunk_dropped,
}

MESSAGES = {
    "normalised_per_chunk": {
        "en": "You averaged the loss inside each chunk and then averaged the chunk means, so a "
        "token in a chunk with few real labels weighs more than one in a full chunk (and a "
        "chunk with none gives 0 / 0). Sum the losses over all chunks and divide once by the "
        "number of real labels in the whole batch.",
        "zh": "你在每个分块内先求平均，再对各块的平均值求平均：真实标签少的块里的 token 权重"
        "更大（全被忽略的块还会得到 0 / 0）。应把所有块的损失加起来，最后统一除以整个 batch "
        "的真实标签数。",
    },
    "ignore_count": {
        "en": "Your denominator is N, every row, ignored ones included, so the loss is too small "
        "by the share of ignored rows. Divide by the number of rows whose label is not "
        "ignore_index.",
        "zh": "分母用了 N，把被忽略的行也算进去了，损失偏小，差的正是被忽略行的比例。"
        "分母应是 label 不等于 ignore_index 的行数。",
    },
    "last_chunk_dropped": {
        "en": "Your loop visits only N // chunk full chunks: the last, shorter chunk (or, when "
        "chunk > N, every row) is never scored, while the denominator still counts its real "
        "labels. Step with range(0, N, chunk) and slice [start:start + chunk]; the slice stops "
        "at N by itself.",
        "zh": "你的循环只走了 N // chunk 个完整的块：最后那个不满的块（chunk > N 时就是全部行）"
        "根本没算，分母却还数着它们的真实标签。用 range(0, N, chunk) 步进、"
        "切片 [start:start + chunk]，切片到 N 自然会停。",
    },
}
