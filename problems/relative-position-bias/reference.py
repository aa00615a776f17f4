"""Trusted reference: T5's relative position buckets, as `T5Attention._relative_position_bucket`
in Hugging Face transformers (itself from Mesh TensorFlow), float32 logarithm included."""

import math

import torch


def relative_position_bucket(
    relative_position: torch.Tensor,
    bidirectional: bool = True,
    num_buckets: int = 32,
    max_distance: int = 128,
) -> torch.Tensor:
    """Bucket of each relative position (memory - query), same shape, int64 in [0, num_buckets)."""
    offset = torch.zeros_like(relative_position)
    if bidirectional:
        num_buckets //= 2  # half the buckets for keys after the query, half for the rest
        offset = (relative_position > 0).long() * num_buckets
        distance = relative_position.abs()
    else:
        distance = (-relative_position).clamp(min=0)  # keys after the query all share bucket 0
    max_exact = num_buckets // 2
    is_small = distance < max_exact
    # Log-spaced buckets from max_exact up to max_distance, computed in float32 as T5 does.
    scaled = torch.log(distance.float() / max_exact) / math.log(max_distance / max_exact)
    large = max_exact + (scaled * (num_buckets - max_exact)).long()
    large = large.clamp(max=num_buckets - 1)
    return offset + torch.where(is_small, distance, large)
