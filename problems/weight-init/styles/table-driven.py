"""Table-driven: one dict of gains (lambdas of the slope) and one dict mapping each scheme
to the fan it divides by, then bound = gain * sqrt(3 / n) in a single line; torch.lerp
maps the uniforms onto [-bound, bound)."""

import math

import torch

GAIN = {
    "linear": lambda a: 1.0,
    "sigmoid": lambda a: 1.0,
    "tanh": lambda a: 5.0 / 3.0,
    "relu": lambda a: math.sqrt(2.0),
    "leaky_relu": lambda a: math.sqrt(2.0 / (1.0 + a * a)),
    "selu": lambda a: 0.75,
}

FAN = {
    "xavier_uniform": lambda fi, fo: (fi + fo) / 2.0,
    "kaiming_uniform": lambda fi, fo: fi,
    "kaiming_uniform_fan_out": lambda fi, fo: fo,
}


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    out_f, in_f, *kernel = shape
    k = math.prod(kernel)
    n = FAN[scheme](in_f * k, out_f * k)
    bound = GAIN[nonlinearity](a) * math.sqrt(3.0 / n)
    lo = torch.full_like(uniforms, -bound)
    return torch.lerp(lo, -lo, uniforms)
