"""Compute in float64 and cast back to the input's dtype: a habit from numerics code that
does not trust float32 intermediates; the exact branch multiplies by 1/sqrt(2) instead of
dividing."""

import math

import torch


def gelu(x, approximate="none"):
    z = x.to(torch.float64)
    if approximate == "tanh":
        y = 0.5 * z * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z.pow(3))))
    else:
        y = z * 0.5 * (1.0 + torch.erf(z * (1.0 / math.sqrt(2.0))))
    return y.to(x.dtype)
