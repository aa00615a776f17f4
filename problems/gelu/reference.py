"""Trusted reference for gelu: both forms of torch.nn.functional.gelu, written out.

No knobs: the known mistakes are exact variants in mistakes.py.
"""

from __future__ import annotations

import math

import torch

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    """x * Phi(x) ("none"), or its tanh approximation ("tanh"); same shape and dtype as x."""
    if approximate == "tanh":
        inner = SQRT_2_OVER_PI * (x + 0.044715 * x.pow(3))  # [...]
        return 0.5 * x * (1.0 + torch.tanh(inner))
    if approximate == "none":
        return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))  # x * Phi(x)
    raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
