import math

import torch

K = 2 * math.sqrt(2 / math.pi)


def gelu(x, approximate="none"):
    if approximate == "tanh":
        # 0.5 * (1 + tanh(u)) == sigmoid(2u)
        return x * torch.sigmoid(K * x)
    return x * 0.5 * (1.0 + torch.erf(x * (1 / math.sqrt(2))))
