# Wrong: the log buckets are never capped at num_buckets - 1.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    buckets = torch.zeros_like(relative_position)
    if bidirectional:
        num_buckets //= 2
        buckets += (relative_position > 0).long() * num_buckets
        relative_position = relative_position.abs()
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    large = (
        max_exact
        + (
            torch.log(relative_position.float() / max_exact)
            / math.log(max_distance / max_exact)
            * (num_buckets - max_exact)
        ).long()
    )
    return buckets + torch.where(relative_position < max_exact, relative_position, large)
