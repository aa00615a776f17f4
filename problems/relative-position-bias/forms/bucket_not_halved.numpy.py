# Wrong: numpy version; the bidirectional branch shifts by the full num_buckets.
import math

import numpy as np
import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    rp = relative_position.numpy()
    out = np.zeros_like(rp)
    if bidirectional:
        out += (rp > 0) * num_buckets
        n = np.abs(rp)
    else:
        n = np.maximum(-rp, 0)
    max_exact = num_buckets // 2
    with np.errstate(divide="ignore"):
        ratio = np.log(n.astype(np.float32) / max_exact) / math.log(max_distance / max_exact)
    large = np.minimum(
        max_exact + (ratio * (num_buckets - max_exact)).astype(np.int64), num_buckets - 1
    )
    out += np.where(n < max_exact, n, large)
    return torch.from_numpy(out)
