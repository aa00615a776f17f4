import torch


def relative_position_bucket(
    relative_position, bidirectional=True, num_buckets=32, max_distance=128
):
    """T5 relative position buckets.

    relative_position: LongTensor of any shape, memory_position - query_position.
    Returns a LongTensor of the same shape with buckets in [0, num_buckets).
    """
    # TODO: exact buckets for small distances, log-spaced buckets up to max_distance
    return torch.zeros_like(relative_position)
