import torch


def sliding_window_mask(size: int, window: int) -> torch.Tensor:
    i = torch.arange(size).unsqueeze(1)  # query positions [L, 1]
    j = torch.arange(size).unsqueeze(0)  # key positions [1, L]
    distance = i - j  # how far back key j is from query i, [L, L]
    # Causal (distance >= 0) and within the window, which counts the query itself.
    return (distance >= 0) & (distance < window)
