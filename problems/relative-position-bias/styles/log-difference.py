"""The log ratio written as a difference of logs, log(d) - log(max_exact), in float32, with
the one-sided decoder distance as relu(-n) and the cap via clamp_max; a common rewrite of
the T5 formula."""

import math

import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    n = relative_position
    if bidirectional:
        half = num_buckets // 2
        offset = torch.where(n > 0, torch.full_like(n, half), torch.zeros_like(n))
        dist, size = n.abs(), half
    else:
        offset = torch.zeros_like(n)
        dist, size = torch.relu(-n), num_buckets
    max_exact = size // 2
    log_ratio = (torch.log(dist.float()) - math.log(max_exact)) / math.log(max_distance / max_exact)
    large = (max_exact + (log_ratio * (size - max_exact)).long()).clamp_max(size - 1)
    return offset + torch.where(dist < max_exact, dist, large)
