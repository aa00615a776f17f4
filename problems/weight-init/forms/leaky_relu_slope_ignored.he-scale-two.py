# Wrong: He init hard-coded as scale 2 for any rectifier; the slope a never enters.
import math

SCALE = {"relu": 2.0, "leaky_relu": 2.0, "tanh": 25 / 9, "selu": 9 / 16}


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    k = math.prod(shape[2:])
    fan_in, fan_out = shape[1] * k, shape[0] * k
    n = {"xavier_uniform": (fan_in + fan_out) / 2, "kaiming_uniform": fan_in}.get(scheme, fan_out)
    limit = math.sqrt(3 * SCALE.get(nonlinearity, 1.0) / n)
    return uniforms * 2 * limit - limit
