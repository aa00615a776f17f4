# Wrong: a table of gains with a single leaky_relu entry computed for slope 0.
import math

import torch

GAINS = {
    "linear": 1.0,
    "sigmoid": 1.0,
    "tanh": 5.0 / 3,
    "relu": math.sqrt(2.0),
    "leaky_relu": math.sqrt(2.0 / (1 + 0.0**2)),
    "selu": 0.75,
}


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    w = torch.empty(shape)
    receptive = w[0, 0].numel()
    fan_in, fan_out = w.size(1) * receptive, w.size(0) * receptive
    fan = {
        "xavier_uniform": (fan_in + fan_out) / 2,
        "kaiming_uniform": fan_in,
        "kaiming_uniform_fan_out": fan_out,
    }[scheme]
    bound = GAINS[nonlinearity] * math.sqrt(3.0 / fan)
    return torch.lerp(torch.full_like(uniforms, -bound), torch.full_like(uniforms, bound), uniforms)
