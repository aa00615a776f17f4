import math

import torch
import torch.nn.functional as F


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return F.silu(1.702 * x) / 1.702  # = x * sigmoid(1.702 x)
    return x * 0.5 * (1 + torch.erf(x / math.sqrt(2)))
