# Wrong: a variance_scaling helper whose fans read only the two channel dims of the tensor.
import math

import torch


def _fans(t):
    return t.shape[1], t.shape[0]


def variance_scaling(u, scale, mode):
    fan_in, fan_out = _fans(u)
    denom = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2}[mode]
    bound = math.sqrt(3 * scale / denom)
    with torch.no_grad():
        return u * (2 * bound) - bound


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    if nonlinearity == "leaky_relu":
        scale = 2 / (1 + a**2)
    else:
        scale = {"relu": 2.0, "tanh": (5 / 3) ** 2, "selu": 0.5625}.get(nonlinearity, 1.0)
    mode = {"xavier_uniform": "fan_avg", "kaiming_uniform": "fan_in"}.get(scheme, "fan_out")
    return variance_scaling(uniforms, scale, mode)
