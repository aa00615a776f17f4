# Wrong: fan_in = shape[1], fan_out = shape[0], as for a Linear weight, even for conv kernels.
import math


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    fan_out, fan_in = shape[0], shape[1]
    if nonlinearity == "leaky_relu":
        gain = math.sqrt(2.0 / (1 + a**2))
    elif nonlinearity == "relu":
        gain = math.sqrt(2.0)
    elif nonlinearity == "tanh":
        gain = 5 / 3
    elif nonlinearity == "selu":
        gain = 3 / 4
    else:
        gain = 1.0
    if scheme == "xavier_uniform":
        bound = gain * math.sqrt(6.0 / (fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        bound = gain * math.sqrt(3.0 / fan_in)
    else:
        bound = gain * math.sqrt(3.0 / fan_out)
    return (uniforms * 2 - 1) * bound
