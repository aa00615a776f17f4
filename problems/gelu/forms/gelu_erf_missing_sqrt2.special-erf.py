import math

import torch


def gelu(x, approximate="none"):
    if approximate == "none":
        cdf = 0.5 * (1.0 + torch.special.erf(x))  # standard normal CDF
    else:
        cdf = 0.5 * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x**3)))
    return x * cdf
