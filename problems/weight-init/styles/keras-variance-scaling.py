"""Keras' `VarianceScaling` initialiser (keras-team/keras,
keras/src/initializers/random_initializers.py, with `compute_fans`; read 2026-12):
`scale /= max(1.0, fan)` for mode "fan_in" / "fan_out" / "fan_avg" and, for
distribution="uniform", `limit = math.sqrt(3.0 * scale)`. Keras lays kernels out as
(*kernel, in, out), so `compute_fans` reads fan_in = shape[-2] * receptive field and
fan_out = shape[-1] * receptive field with the receptive field over shape[:-2]. Changed:
the PyTorch shape is first permuted into Keras' layout, scale is gain ** 2 (Glorot uniform
is scale=1, mode="fan_avg"; He uniform is scale=2, mode="fan_in"), and
`random.uniform(shape, minval=-limit, maxval=limit)` becomes a map of the given uniforms."""

import math


def compute_fans(shape):
    shape = tuple(shape)
    if len(shape) == 2:
        fan_in, fan_out = shape[0], shape[1]
    else:
        receptive_field_size = 1
        for dim in shape[:-2]:
            receptive_field_size *= dim
        fan_in = shape[-2] * receptive_field_size
        fan_out = shape[-1] * receptive_field_size
    return int(fan_in), int(fan_out)


def to_keras_layout(shape):
    """PyTorch (out, in, *kernel) -> Keras (*kernel, in, out)."""
    out_ch, in_ch, *kernel = shape
    return (*kernel, in_ch, out_ch)


class VarianceScaling:
    def __init__(self, scale=1.0, mode="fan_in"):
        self.scale = scale
        self.mode = mode

    def __call__(self, keras_shape, uniforms):
        scale = self.scale
        fan_in, fan_out = compute_fans(keras_shape)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        limit = math.sqrt(3.0 * scale)
        return -limit + (2 * limit) * uniforms


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    gain2 = {"relu": 2.0, "tanh": 25.0 / 9, "selu": 9.0 / 16, "leaky_relu": 2.0 / (1 + a * a)}
    mode = {"xavier_uniform": "fan_avg", "kaiming_uniform": "fan_in"}.get(scheme, "fan_out")
    init = VarianceScaling(scale=gain2.get(nonlinearity, 1.0), mode=mode)
    return init(to_keras_layout(shape), uniforms)
