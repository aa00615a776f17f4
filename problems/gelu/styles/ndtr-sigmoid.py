"""Straight from the definitions: x * Phi(x) with torch.special.ndtr (the standard normal CDF
itself), and the tanh form through the identity 0.5 * (1 + tanh(u)) = sigmoid(2u), which is
how the GELU paper relates it to the x * sigmoid(1.702 x) approximation."""

import math

import torch


def gelu(x, approximate="none"):
    if approximate == "tanh":
        u = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x**3)
        return x * torch.sigmoid(2.0 * u)
    return x * torch.special.ndtr(x)
