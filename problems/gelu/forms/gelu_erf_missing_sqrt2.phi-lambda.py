import math

import torch

phi = lambda t: 0.5 * (1 + torch.erf(t))  # noqa: E731


def gelu(x, approximate="none"):
    if approximate == "tanh":
        u = math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)
        return 0.5 * x * (1 + torch.tanh(u))
    return x * phi(x)
