# Wrong: the He / Glorot standard deviation used directly as the bound of the uniform.
import math


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    rf = math.prod(shape[2:])
    fan_in, fan_out = shape[1] * rf, shape[0] * rf
    if nonlinearity == "leaky_relu":
        gain = math.sqrt(2.0 / (1 + a**2))
    else:
        gain = {"relu": math.sqrt(2.0), "tanh": 5 / 3, "selu": 0.75}.get(nonlinearity, 1.0)
    if scheme == "xavier_uniform":
        std = gain * math.sqrt(2.0 / (fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        std = gain / math.sqrt(fan_in)
    else:
        std = gain / math.sqrt(fan_out)
    return (2 * uniforms - 1) * std
