import math

import torch


def relative_position_bucket(
    relative_position: torch.Tensor,
    bidirectional: bool = True,
    num_buckets: int = 32,
    max_distance: int = 128,
) -> torch.Tensor:
    bucket = torch.zeros_like(relative_position)
    if bidirectional:
        # Half the buckets per direction; keys after the query (n > 0) take the upper half.
        num_buckets //= 2
        bucket += (relative_position > 0).long() * num_buckets
        n = relative_position.abs()
    else:
        # A decoder only looks back: every future key collapses into bucket 0.
        n = torch.clamp(-relative_position, min=0)

    # Small distances each get their own bucket ...
    max_exact = num_buckets // 2
    is_small = n < max_exact
    # ... larger ones share log-spaced buckets, all distances >= max_distance the last one.
    # float32 and truncation toward zero, exactly as T5 computes it.
    log_ratio = torch.log(n.float() / max_exact) / math.log(max_distance / max_exact)
    if_large = max_exact + (log_ratio * (num_buckets - max_exact)).long()
    if_large = torch.clamp(if_large, max=num_buckets - 1)

    return bucket + torch.where(is_small, n, if_large)
