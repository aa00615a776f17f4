# Wrong: bound = sqrt(6 / (fan_in + fan_out)) or sqrt(3 / fan) with no gain at all.
import math


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    rf = math.prod(shape[2:])
    fan_in, fan_out = shape[1] * rf, shape[0] * rf
    if scheme == "xavier_uniform":
        bound = math.sqrt(6.0 / (fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        bound = math.sqrt(3.0 / fan_in)
    else:
        bound = math.sqrt(3.0 / fan_out)
    return (2 * uniforms - 1) * bound
