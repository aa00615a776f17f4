import torch


def gelu(x, approximate="none"):
    # quick GELU: x * sigma(1.702 x)
    return x / (1 + torch.exp(-1.702 * x))
