# Wrong: leaky_relu treated as relu, gain sqrt(2) whatever the negative slope a.
import math


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    rf = math.prod(shape[2:])
    fan_in, fan_out = shape[1] * rf, shape[0] * rf
    if nonlinearity in ("relu", "leaky_relu"):
        gain = math.sqrt(2.0)
    elif nonlinearity == "tanh":
        gain = 5 / 3
    elif nonlinearity == "selu":
        gain = 0.75
    else:
        gain = 1.0
    if scheme == "xavier_uniform":
        std = gain * math.sqrt(2 / (fan_in + fan_out))
    else:
        std = gain / math.sqrt(fan_in if scheme == "kaiming_uniform" else fan_out)
    return (2 * uniforms - 1) * math.sqrt(3) * std
