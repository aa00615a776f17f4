"""One position at a time with math.log, as on a whiteboard; the results are put back into
a tensor of the input's shape."""

import math

import torch


def bucket(n: int, bidirectional: bool, num_buckets: int, max_distance: int) -> int:
    result = 0
    if bidirectional:
        num_buckets //= 2
        if n > 0:
            result += num_buckets
        n = abs(n)
    else:
        n = max(-n, 0)
    max_exact = num_buckets // 2
    if n < max_exact:
        return result + n
    far = max_exact + int(
        math.log(n / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    )
    return result + min(far, num_buckets - 1)


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    flat = [
        bucket(n, bidirectional, num_buckets, max_distance)
        for n in relative_position.flatten().tolist()
    ]
    return torch.tensor(flat, dtype=torch.long).reshape(relative_position.shape)
