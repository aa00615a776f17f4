import math

import torch


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    if approximate == "none":
        return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))
    inner = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x**3)
    return x * (1.0 + torch.tanh(inner))
