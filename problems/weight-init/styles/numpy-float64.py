"""NumPy on the side: the fans with np.prod, the bound and the map computed in float64 on
uniforms.numpy(), and the weight handed back as a float32 tensor (what a from-scratch
answer in a NumPy course looks like, moved onto torch at the end)."""

import numpy as np
import torch


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    shape = np.asarray(shape)
    receptive = np.prod(shape[2:]) if shape.size > 2 else 1
    fan_in = shape[1] * receptive
    fan_out = shape[0] * receptive
    if nonlinearity == "leaky_relu":
        gain = np.sqrt(2.0 / (1.0 + a**2))
    elif nonlinearity == "relu":
        gain = np.sqrt(2.0)
    elif nonlinearity == "tanh":
        gain = 5.0 / 3.0
    elif nonlinearity == "selu":
        gain = 0.75
    else:
        gain = 1.0
    if scheme == "xavier_uniform":
        limit = gain * np.sqrt(6.0 / (fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        limit = gain * np.sqrt(3.0 / fan_in)
    else:
        limit = gain * np.sqrt(3.0 / fan_out)
    u = uniforms.numpy().astype(np.float64)
    return torch.from_numpy((u * 2.0 - 1.0) * limit).to(torch.float32)
