"""A lookup table: the bucket of every distance from 0 to the largest one present, built
with float64 arithmetic on an arange, then indexed by the distances (gather style)."""

import math

import torch


def relative_position_bucket(
    rel_pos: torch.Tensor,
    bidirectional: bool = True,
    num_buckets: int = 32,
    max_distance: int = 128,
) -> torch.Tensor:
    per_side = num_buckets // 2 if bidirectional else num_buckets
    if bidirectional:
        distance, offset = rel_pos.abs(), torch.where(rel_pos > 0, per_side, 0)
    else:
        distance, offset = torch.relu(-rel_pos), torch.zeros_like(rel_pos)
    exact = per_side // 2
    d = torch.arange(int(distance.max()) + 1 if distance.numel() else 1, dtype=torch.float64)
    ratio = torch.log(d.clamp(min=1) / exact) / math.log(max_distance / exact)
    table = torch.where(
        d < exact, d, (exact + (ratio * (per_side - exact)).trunc()).clamp(max=per_side - 1)
    )
    return offset + table.long()[distance]
