import torch


def causal_mask(size: int) -> torch.Tensor:
    """[size, size] bool mask: True where key j <= query i (may attend), False above."""
    # Rows are queries, columns keys. The lower triangle, diagonal included, lets
    # position i see itself and everything before it, and nothing after it.
    return torch.tril(torch.ones(size, size, dtype=torch.bool))
