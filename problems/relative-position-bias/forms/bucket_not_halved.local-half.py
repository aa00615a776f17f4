# Wrong: computes half = num_buckets // 2 for the offset but keeps using num_buckets below.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    if bidirectional:
        half = num_buckets // 2
        base = torch.where(relative_position > 0, half, 0) * 2
        dist = relative_position.abs()
    else:
        base = torch.zeros_like(relative_position)
        dist = torch.clamp(-relative_position, min=0)
    exact = num_buckets // 2
    log_part = torch.log(dist.float() / exact) / math.log(max_distance / exact)
    large = (exact + (log_part * (num_buckets - exact)).to(torch.int64)).clamp(max=num_buckets - 1)
    return base + torch.where(dist < exact, dist, large)
