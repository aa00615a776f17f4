# Wrong: a Python loop that computes the distance as query minus key.
import math

import torch


def bucket_of(q_minus_k, bidirectional, num_buckets, max_distance):
    b = 0
    if bidirectional:
        num_buckets //= 2
        if q_minus_k > 0:
            b = num_buckets
        n = abs(q_minus_k)
    else:
        n = max(-q_minus_k, 0)
    exact = num_buckets // 2
    if n < exact:
        return b + n
    scaled = math.log(n / exact) / math.log(max_distance / exact) * (num_buckets - exact)
    return b + min(exact + int(scaled), num_buckets - 1)


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    values = [
        bucket_of(-x, bidirectional, num_buckets, max_distance)
        for x in relative_position.reshape(-1).tolist()
    ]
    return torch.tensor(values).view_as(relative_position)
