import torch


def causal_mask(size):
    """Causal (look-ahead) mask.

    Returns a bool tensor [size, size]: True where key j <= query i (allowed).
    """
    # TODO: block the positions above the diagonal
    return torch.ones(size, size, dtype=torch.bool)
