import math

import torch


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))
    return x * (1 + torch.erf(x / math.sqrt(2)))
