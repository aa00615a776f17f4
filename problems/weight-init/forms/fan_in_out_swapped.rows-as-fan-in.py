# Wrong: fan_in read from shape[0] (the output rows) and fan_out from shape[1].
import math


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    rf = math.prod(shape[2:])
    fan_in, fan_out = shape[0] * rf, shape[1] * rf
    if nonlinearity == "leaky_relu":
        gain = math.sqrt(2 / (1 + a * a))
    else:
        gain = {"relu": math.sqrt(2), "tanh": 5 / 3, "selu": 0.75}.get(nonlinearity, 1.0)
    if scheme == "xavier_uniform":
        std = gain * math.sqrt(2 / (fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        std = gain / math.sqrt(fan_in)
    else:
        std = gain / math.sqrt(fan_out)
    bound = math.sqrt(3) * std
    return (2 * uniforms - 1) * bound
