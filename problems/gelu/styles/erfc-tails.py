"""The exact form through erfc, as numerics libraries write the normal CDF to keep the left
tail accurate: Phi(x) = 0.5 * erfc(-x / sqrt(2)). The tanh form is the usual one, with the
constants named."""

import math

import torch

SQRT_HALF = math.sqrt(0.5)
SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
COEF = 0.044715


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    if approximate == "none":
        return 0.5 * x * torch.erfc(-x * SQRT_HALF)
    if approximate == "tanh":
        return 0.5 * x * (1.0 + torch.tanh(SQRT_2_OVER_PI * (x + COEF * x * x * x)))
    raise ValueError(f"unknown approximate={approximate!r}")
