# Wrong: uses w.size(0) as the input count of the layer (it is the output count in PyTorch).
import math

import torch


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    w = torch.empty(shape)
    k = w[0, 0].numel()
    n_in = w.size(0) * k
    n_out = w.size(1) * k
    gain = {
        "relu": math.sqrt(2.0),
        "leaky_relu": math.sqrt(2.0 / (1 + a**2)),
        "tanh": 5.0 / 3,
        "selu": 0.75,
    }.get(nonlinearity, 1.0)
    if scheme == "kaiming_uniform":
        b = gain * math.sqrt(3.0 / n_in)
    elif scheme == "kaiming_uniform_fan_out":
        b = gain * math.sqrt(3.0 / n_out)
    else:
        b = gain * math.sqrt(6.0 / (n_in + n_out))
    return torch.lerp(torch.full_like(uniforms, -b), torch.full_like(uniforms, b), uniforms)
