"""Mesh TensorFlow's `_relative_position_bucket` in T5's original code, translated op for op
to torch: it negates first (n = -relative_position) and tests n < 0 for the upper half,
with tf.maximum / tf.minimum for the one-sided distance and the cap."""

import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    ret = 0
    n = -relative_position
    if bidirectional:
        num_buckets //= 2
        ret += (n < 0).to(torch.int64) * num_buckets
        n = torch.abs(n)
    else:
        n = torch.maximum(n, torch.zeros_like(n))
    # now n is in the range [0, inf)
    max_exact = num_buckets // 2
    is_small = n < max_exact
    val_if_large = max_exact + (
        torch.log(n.to(torch.float32) / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.int64)
    val_if_large = torch.minimum(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
    ret += torch.where(is_small, n, val_if_large)
    return ret
