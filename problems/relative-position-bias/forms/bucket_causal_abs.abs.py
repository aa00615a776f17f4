# Wrong: the decoder branch uses the absolute distance, so future keys get buckets too.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    out = torch.zeros_like(relative_position)
    if bidirectional:
        num_buckets //= 2
        out += (relative_position > 0).long() * num_buckets
    n = relative_position.abs()
    max_exact = num_buckets // 2
    large = (
        max_exact
        + (
            torch.log(n.float() / max_exact)
            / math.log(max_distance / max_exact)
            * (num_buckets - max_exact)
        ).long()
    )
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return out + torch.where(n < max_exact, n, large)
