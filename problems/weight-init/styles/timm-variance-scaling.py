"""timm's `variance_scaling_` (huggingface/pytorch-image-models, timm/layers/weight_init.py;
the same function is copied into transformers' SigLIP modelling code; read 2026-12):
fans from `_calculate_fan_in_and_fan_out`, `denom` by mode (fan_in, fan_out or fan_avg =
(fan_in + fan_out) / 2), `variance = scale / denom` and, for distribution="uniform",
`bound = math.sqrt(3 * variance)`. Xavier is mode="fan_avg" and Kaiming mode="fan_in" or
"fan_out", both with scale = gain ** 2. Changed: the fans are computed from the shape (no
torch import of the private helper), only the uniform branch is kept, and
`tensor.uniform_(-bound, bound)` becomes a map of the given uniforms."""

import math


def _fans(shape):
    receptive = 1
    for k in shape[2:]:
        receptive *= k
    return shape[1] * receptive, shape[0] * receptive


def variance_scaling_(uniforms, shape, scale=1.0, mode="fan_in"):
    fan_in, fan_out = _fans(shape)
    if mode == "fan_in":
        denom = fan_in
    elif mode == "fan_out":
        denom = fan_out
    elif mode == "fan_avg":
        denom = (fan_in + fan_out) / 2
    else:
        raise ValueError(f"invalid mode {mode}")
    variance = scale / denom
    bound = math.sqrt(3 * variance)
    return uniforms * (2 * bound) - bound


def _gain(nonlinearity, a):
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + a**2))
    return {"relu": math.sqrt(2.0), "tanh": 5 / 3, "selu": 0.75}.get(nonlinearity, 1.0)


MODES = {
    "xavier_uniform": "fan_avg",
    "kaiming_uniform": "fan_in",
    "kaiming_uniform_fan_out": "fan_out",
}


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    return variance_scaling_(
        uniforms, tuple(shape), scale=_gain(nonlinearity, a) ** 2, mode=MODES[scheme]
    )
