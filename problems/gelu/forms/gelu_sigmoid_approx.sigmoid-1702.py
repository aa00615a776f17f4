import torch


def gelu(x, approximate="none"):
    return x * torch.sigmoid(1.702 * x)
