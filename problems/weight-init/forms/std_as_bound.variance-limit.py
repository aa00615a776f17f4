# Wrong: limit = sqrt(scale / n), the normal-distribution stddev, used for the uniform.
import math

import torch


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    receptive = 1
    for k in shape[2:]:
        receptive *= k
    fan_in, fan_out = shape[1] * receptive, shape[0] * receptive
    scale = {"relu": 2.0, "tanh": 25 / 9, "selu": 9 / 16, "leaky_relu": 2 / (1 + a * a)}.get(
        nonlinearity, 1.0
    )
    n = {"xavier_uniform": (fan_in + fan_out) / 2, "kaiming_uniform": fan_in}.get(scheme, fan_out)
    limit = math.sqrt(scale / n)
    return torch.lerp(torch.full_like(uniforms, -limit), torch.full_like(uniforms, limit), uniforms)
