# Wrong: float64 and floor instead of the float32 cast, but the cap at num_buckets - 1
# is forgotten, so far positions run past the last bucket.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    rp = relative_position
    direction = torch.zeros_like(rp)
    if bidirectional:
        num_buckets //= 2
        direction = torch.where(rp > 0, num_buckets, 0)
        dist = rp.abs()
    else:
        dist = torch.relu(-rp)
    max_exact = num_buckets // 2
    frac = torch.log(dist.double() / max_exact) / math.log(max_distance / max_exact)
    far = max_exact + torch.floor(frac * (num_buckets - max_exact)).long()
    return direction + torch.where(dist < max_exact, dist, far)
