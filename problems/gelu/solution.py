import math

import torch


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    if approximate == "tanh":
        # The tanh curve fitted to Phi; the cubic term is what makes it close.
        inner = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x**3)
        return 0.5 * x * (1.0 + torch.tanh(inner))
    # Exact: x times the standard normal CDF, Phi(x) = (1 + erf(x / sqrt 2)) / 2.
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))
