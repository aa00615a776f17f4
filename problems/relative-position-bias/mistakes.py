"""Known mistakes in T5's relative position buckets."""

import math

import torch


def _buckets(
    rp,
    bidirectional,
    num_buckets,
    max_distance,
    *,
    halve=True,
    clamp=True,
    sign=1,
    causal_abs=False,
):
    rp = sign * rp
    offset = torch.zeros_like(rp)
    if bidirectional:
        if halve:
            num_buckets //= 2
        offset = (rp > 0).long() * num_buckets
        n = rp.abs()
    else:
        n = rp.abs() if causal_abs else (-rp).clamp(min=0)
    max_exact = num_buckets // 2
    scaled = torch.log(n.float() / max_exact) / math.log(max_distance / max_exact)
    large = max_exact + (scaled * (num_buckets - max_exact)).long()
    if clamp:
        large = large.clamp(max=num_buckets - 1)
    return offset + torch.where(n < max_exact, n, large)


def bucket_not_halved(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    return _buckets(relative_position, bidirectional, num_buckets, max_distance, halve=False)


def bucket_not_clamped(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    return _buckets(relative_position, bidirectional, num_buckets, max_distance, clamp=False)


def bucket_sign_flipped(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    return _buckets(relative_position, bidirectional, num_buckets, max_distance, sign=-1)


def bucket_causal_abs(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    return _buckets(relative_position, bidirectional, num_buckets, max_distance, causal_abs=True)


MISTAKES = {
    "bucket_not_halved": bucket_not_halved,
    "bucket_not_clamped": bucket_not_clamped,
    "bucket_sign_flipped": bucket_sign_flipped,
    "bucket_causal_abs": bucket_causal_abs,
}

MESSAGES = {
    "bucket_not_halved": {
        "en": "With bidirectional=True the buckets are split in two: halve num_buckets first "
        "(num_buckets //= 2), use the upper half for positive relative positions, and compute "
        "max_exact and the clamp from the halved count. Your buckets go past num_buckets - 1.",
        "zh": "bidirectional=True 时桶要一分为二：先把 num_buckets 减半（num_buckets //= 2），"
        "正的相对位置用上半部分，max_exact 和截断上限都按减半后的桶数算。"
        "你的桶号超出了 num_buckets - 1。",
    },
    "bucket_not_clamped": {
        "en": "Your far buckets are not clamped: distances at or beyond max_distance must all "
        "share the last bucket, so take min(bucket, num_buckets - 1) (after halving when "
        "bidirectional).",
        "zh": "远距离的桶没有截断：距离达到或超过 max_distance 的位置应全部落在最后一个桶里，"
        "要取 min(bucket, num_buckets - 1)（双向时用减半后的桶数）。",
    },
    "bucket_sign_flipped": {
        "en": "Your relative position has the wrong sign: it is memory_position - "
        "query_position (key minus query), so keys after the query are positive. You "
        "computed query - key, which swaps the two directions.",
        "zh": "相对位置的符号反了：应为 memory_position - query_position（key 减 query），"
        "query 之后的 key 为正。你算成了 query - key，两个方向颠倒了。",
    },
    "bucket_causal_abs": {
        "en": "With bidirectional=False only keys before the query get their own buckets: the "
        "distance is max(-relative_position, 0), so every key after the query falls in "
        "bucket 0. You used the absolute value, which gives future keys buckets too.",
        "zh": "bidirectional=False 时只有 query 之前的 key 有各自的桶：距离应为 "
        "max(-relative_position, 0)，query 之后的 key 全部落在 0 号桶。"
        "你用了绝对值，把未来的 key 也分进了桶里。",
    },
}
