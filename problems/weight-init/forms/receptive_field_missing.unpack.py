# Wrong: unpacks out, in and drops the kernel dims from the fan computation.
import math

GAINS = {"linear": 1.0, "sigmoid": 1.0, "tanh": 5 / 3, "relu": 2**0.5, "selu": 0.75}


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    out_f, in_f, *_ = shape
    g = (2 / (1 + a * a)) ** 0.5 if nonlinearity == "leaky_relu" else GAINS[nonlinearity]
    n = {
        "xavier_uniform": (in_f + out_f) / 2,
        "kaiming_uniform": in_f,
        "kaiming_uniform_fan_out": out_f,
    }[scheme]
    bound = g * math.sqrt(3 / n)
    return bound * (2 * uniforms - 1)
