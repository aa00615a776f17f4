"""NumPy in float64 throughout (np.log, np.trunc), back to torch at the end; the log of 0
and its cast are silenced with errstate because np.where discards them."""

import math

import numpy as np
import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    n = relative_position.numpy().astype(np.int64)
    base = np.zeros_like(n)
    if bidirectional:
        num_buckets //= 2
        base = np.where(n > 0, num_buckets, 0)
        dist = np.abs(n)
    else:
        dist = np.maximum(-n, 0)
    max_exact = num_buckets // 2
    with np.errstate(divide="ignore", invalid="ignore"):  # log(0) = -inf, never selected
        scaled = (
            np.log(dist / max_exact)
            / math.log(max_distance / max_exact)
            * (num_buckets - max_exact)
        )
        large = np.minimum(max_exact + np.trunc(scaled).astype(np.int64), num_buckets - 1)
    return torch.from_numpy(base + np.where(dist < max_exact, dist, large))
