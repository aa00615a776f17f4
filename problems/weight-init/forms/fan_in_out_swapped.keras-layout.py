# Wrong: Keras' compute_fans (fan_in = shape[-2], fan_out = shape[-1]) on a PyTorch (out, in) shape.
import math


def compute_fans(shape):
    if len(shape) == 2:
        return shape[0], shape[1]
    rf = math.prod(shape[:-2])
    return shape[-2] * rf, shape[-1] * rf


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    # The kernel dims are moved to the front, but (out, in) is never flipped to (in, out).
    out_c, in_c, *k = shape
    fan_in, fan_out = compute_fans(tuple(shape) if not k else (*k, out_c, in_c))
    g2 = (
        2 / (1 + a * a)
        if nonlinearity == "leaky_relu"
        else {"relu": 2, "tanh": 25 / 9, "selu": 9 / 16}.get(nonlinearity, 1.0)
    )
    n = {"xavier_uniform": (fan_in + fan_out) / 2, "kaiming_uniform": fan_in}.get(scheme, fan_out)
    limit = math.sqrt(3 * g2 / n)
    return uniforms * 2 * limit - limit
