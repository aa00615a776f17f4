"""A dispatch table of small helpers chosen with `match`, in the style of activation
registries (ACT2FN in Hugging Face, get_activation in many training codebases); tensor
constants built with the input's dtype so float64 stays float64."""

import math

import torch


def _cdf_exact(x: torch.Tensor) -> torch.Tensor:
    return (1.0 + torch.erf(x / math.sqrt(2.0))) / 2.0


def _cdf_tanh(x: torch.Tensor) -> torch.Tensor:
    c = torch.tensor(math.sqrt(2.0 / math.pi), dtype=x.dtype)
    return (1.0 + torch.tanh(c * (x + 0.044715 * x * x * x))) / 2.0


def gelu(x: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    match approximate:
        case "none":
            cdf = _cdf_exact
        case "tanh":
            cdf = _cdf_tanh
        case _:
            raise ValueError(approximate)
    return x * cdf(x)
