import math

import torch


def _phi_tanh(x):
    inner = math.sqrt(2.0 / math.pi) * x  # TODO the 0.044715 term?
    return 0.5 * (1.0 + torch.tanh(inner))


def _phi(x):
    return 0.5 * (1.0 + torch.special.erf(x / math.sqrt(2.0)))


def gelu(x, approximate="none"):
    phi = _phi_tanh if approximate == "tanh" else _phi
    return x * phi(x)
