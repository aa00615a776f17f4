# Wrong: "relative position" taken as query - memory, so the directions are swapped.
import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    rel = -relative_position  # query - key
    ret = torch.zeros_like(rel)
    if bidirectional:
        num_buckets //= 2
        ret += (rel > 0).long() * num_buckets
        n = rel.abs()
    else:
        n = torch.clamp(-rel, min=0)
    max_exact = num_buckets // 2
    large = (
        max_exact
        + (
            torch.log(n.float() / max_exact)
            / math.log(max_distance / max_exact)
            * (num_buckets - max_exact)
        ).long()
    )
    large = torch.clamp(large, max=num_buckets - 1)
    return ret + torch.where(n < max_exact, n, large)
