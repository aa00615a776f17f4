import math

import torch


def normal_cdf(x):
    return 1.0 + torch.erf(x / math.sqrt(2.0))


def gelu(x, approximate="none"):
    if approximate == "tanh":
        c = math.sqrt(2.0 / math.pi)
        return 0.5 * x * (1.0 + torch.tanh(c * (x + 0.044715 * x.pow(3))))
    return x * normal_cdf(x)
