# Wrong: only the offset depends on bidirectional; both modes use |relative_position|.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    half = num_buckets // 2 if bidirectional else num_buckets
    offset = (relative_position > 0).long() * half if bidirectional else 0
    distance = torch.abs(relative_position)
    exact = half // 2
    log_bucket = (
        exact
        + (
            torch.log(distance.float() / exact) / math.log(max_distance / exact) * (half - exact)
        ).long()
    )
    log_bucket = log_bucket.clamp(max=half - 1)
    return offset + torch.where(distance < exact, distance, log_bucket)
