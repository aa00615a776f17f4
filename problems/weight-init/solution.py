import math

import torch

# The gain keeps the variance of the activations' output equal to that of their input
# (torch.nn.init.calculate_gain); leaky_relu depends on its negative slope a.
GAINS = {"linear": 1.0, "sigmoid": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0), "selu": 3.0 / 4}


def calc_gain(nonlinearity: str, a: float = 0.0) -> float:
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1.0 + a * a))
    return GAINS[nonlinearity]


def fans(shape: tuple[int, ...]) -> tuple[int, int]:
    # PyTorch layout: (out, in, *kernel). Each output unit sums in * kh * kw inputs.
    receptive_field = math.prod(shape[2:])  # 1 for a Linear weight
    return shape[1] * receptive_field, shape[0] * receptive_field


def init_weight(
    shape: tuple[int, ...],
    scheme: str,
    uniforms: torch.Tensor,
    nonlinearity: str = "relu",
    a: float = 0.0,
) -> torch.Tensor:
    fan_in, fan_out = fans(shape)
    gain = calc_gain(nonlinearity, a)
    if scheme == "xavier_uniform":
        std = gain * math.sqrt(2.0 / (fan_in + fan_out))  # Glorot: average of both fans
    elif scheme == "kaiming_uniform":
        std = gain / math.sqrt(fan_in)  # He, mode="fan_in": forward variance preserved
    elif scheme == "kaiming_uniform_fan_out":
        std = gain / math.sqrt(fan_out)  # He, mode="fan_out": backward variance preserved
    else:
        raise ValueError(f"unknown scheme {scheme!r}")
    bound = math.sqrt(3.0) * std  # U(-b, b) has variance b^2 / 3
    return (2.0 * uniforms - 1.0) * bound  # map [0, 1) onto [-b, b)
