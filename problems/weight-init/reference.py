"""Trusted reference for weight-init: torch.nn.init's xavier_uniform_ / kaiming_uniform_
(fan_in or fan_out) with the uniform draw given. Fans as in
torch.nn.init._calculate_fan_in_and_fan_out, gain as in torch.nn.init.calculate_gain with
the negative slope `a`; the result is (2 * u - 1) * bound in float32."""

import math

import torch

_GAINS = {"linear": 1.0, "sigmoid": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0), "selu": 0.75}


def _gain(nonlinearity: str, a: float) -> float:
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + a**2))
    if nonlinearity not in _GAINS:
        raise ValueError(f"unsupported nonlinearity {nonlinearity!r}")
    return _GAINS[nonlinearity]


def _fans(shape: tuple[int, ...]) -> tuple[int, int]:
    if len(shape) < 2:
        raise ValueError("fans need a shape of at least 2 dims")
    receptive = math.prod(shape[2:])  # 1 for a Linear weight
    return shape[1] * receptive, shape[0] * receptive


def init_weight(
    shape: tuple[int, ...],
    scheme: str,
    uniforms: torch.Tensor,
    nonlinearity: str = "relu",
    a: float = 0.0,
) -> torch.Tensor:
    """(2 * uniforms - 1) * bound, with bound from the scheme, the fans and the gain."""
    shape = tuple(int(s) for s in shape)
    fan_in, fan_out = _fans(shape)
    gain = _gain(nonlinearity, a)
    if scheme == "xavier_uniform":
        std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        std = gain / math.sqrt(fan_in)
    elif scheme == "kaiming_uniform_fan_out":
        std = gain / math.sqrt(fan_out)
    else:
        raise ValueError(f"unknown scheme {scheme!r}")
    bound = math.sqrt(3.0) * std
    u = uniforms.to(torch.float32).reshape(shape)
    return (2.0 * u - 1.0) * bound
