import torch


def sliding_window_mask(size, window):
    """Causal sliding-window (local attention) mask.

    Returns a bool tensor [size, size]: True where i - window < j <= i, i.e. each
    query i sees itself and the window - 1 tokens before it.
    """
    # TODO: keep only the band of width `window` on and below the diagonal
    return torch.tril(torch.ones(size, size, dtype=torch.bool))
