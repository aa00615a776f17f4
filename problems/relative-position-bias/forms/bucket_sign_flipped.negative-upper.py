# Wrong: negative positions take the upper half, and the decoder keeps the future side.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    if bidirectional:
        num_buckets //= 2
        shift = (relative_position < 0).long() * num_buckets
        dist = relative_position.abs()
    else:
        shift = torch.zeros_like(relative_position)
        dist = relative_position.clamp(min=0)
    max_exact = num_buckets // 2
    scaled = torch.log(dist.float() / max_exact) / math.log(max_distance / max_exact)
    far = torch.clamp(max_exact + (scaled * (num_buckets - max_exact)).long(), max=num_buckets - 1)
    return shift + torch.where(dist < max_exact, dist, far)
