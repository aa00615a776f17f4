# Wrong: variance scaling with scale = 1 for every scheme (LeCun / Glorot defaults), no gain.
import math


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    out_c, in_c, *kernel = shape
    receptive = math.prod(kernel)
    fan_in, fan_out = in_c * receptive, out_c * receptive
    scale = 1.0
    if scheme == "xavier_uniform":
        scale /= (fan_in + fan_out) / 2
    elif scheme == "kaiming_uniform":
        scale /= fan_in
    else:
        scale /= fan_out
    limit = math.sqrt(3.0 * scale)
    return -limit + 2 * limit * uniforms
