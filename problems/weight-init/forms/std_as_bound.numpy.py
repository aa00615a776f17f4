# Wrong: numpy version whose bound is gain * sqrt(1 / fan): the std, missing the sqrt(3).
import numpy as np
import torch


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    shape = np.array(shape)
    k = np.prod(shape[2:]) if len(shape) > 2 else 1
    fi, fo = shape[1] * k, shape[0] * k
    gain = {
        "relu": np.sqrt(2),
        "leaky_relu": np.sqrt(2 / (1 + a**2)),
        "tanh": 5 / 3,
        "selu": 0.75,
    }.get(nonlinearity, 1.0)
    if scheme == "xavier_uniform":
        b = gain * np.sqrt(2 / (fi + fo))
    elif scheme == "kaiming_uniform":
        b = gain * np.sqrt(1 / fi)
    else:
        b = gain * np.sqrt(1 / fo)
    u = uniforms.numpy().astype(np.float64)
    return torch.from_numpy(b * (2 * u - 1)).float()
