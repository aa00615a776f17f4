"""Precomputed boundaries and torch.bucketize: the first distance of every log bucket is
found once in Python, then all distances are bucketed in one call (int32 result)."""

import math

import torch


def _starts(num_buckets, max_distance):
    """Smallest distance of each bucket from max_exact up to num_buckets - 1."""
    max_exact = num_buckets // 2
    starts, d = [], max_exact
    for b in range(max_exact, num_buckets):
        while (
            max_exact
            + int(
                math.log(d / max_exact)
                / math.log(max_distance / max_exact)
                * (num_buckets - max_exact)
            )
            < b
        ):
            d += 1
        starts.append(d)
    return list(range(1, max_exact)) + starts


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    if bidirectional:
        num_buckets //= 2
        side = (relative_position > 0).int() * num_buckets
        distance = relative_position.abs()
    else:
        side = torch.zeros_like(relative_position, dtype=torch.int32)
        distance = (-relative_position).clamp(min=0)
    boundaries = torch.tensor(_starts(num_buckets, max_distance), dtype=distance.dtype)
    return side + torch.bucketize(distance, boundaries, right=True).int()
