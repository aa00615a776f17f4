import math

import torch


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    if approximate == "exact":
        cdf = 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
    else:
        cdf = 0.5 * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x * x * x)))
    return x * cdf
