"""PyTorch's own initialisers (pytorch/pytorch, torch/nn/init.py, read 2026-12):
`_calculate_fan_in_and_fan_out` (num_input_fmaps = size(1), num_output_fmaps = size(0), the
receptive field accumulated over dims 2.. in a loop), `_calculate_correct_fan`,
`calculate_gain` and the bodies of `xavier_uniform_` and `kaiming_uniform_` (std first,
then `a = math.sqrt(3.0) * std`). Changed: the functions take a shape instead of a tensor,
`calculate_gain` keeps only the nonlinearities of this problem, and the final
`tensor.uniform_(-bound, bound)` is replaced by the same affine map applied to the given
uniforms, as `uniform_` computes from + (to - from) * u."""

import math

import torch


def _calculate_fan_in_and_fan_out(shape):
    dimensions = len(shape)
    if dimensions < 2:
        raise ValueError("Fan in and fan out can not be computed for fewer than 2 dimensions")
    num_input_fmaps = shape[1]
    num_output_fmaps = shape[0]
    receptive_field_size = 1
    if dimensions > 2:
        for s in shape[2:]:
            receptive_field_size *= s
    fan_in = num_input_fmaps * receptive_field_size
    fan_out = num_output_fmaps * receptive_field_size
    return fan_in, fan_out


def _calculate_correct_fan(shape, mode):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == "fan_in" else fan_out


def calculate_gain(nonlinearity, param=None):
    if nonlinearity in ("linear", "sigmoid"):
        return 1
    elif nonlinearity == "tanh":
        return 5.0 / 3
    elif nonlinearity == "relu":
        return math.sqrt(2.0)
    elif nonlinearity == "leaky_relu":
        negative_slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + negative_slope**2))
    elif nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _uniform_from(u, a, b):
    return a + (b - a) * u


def xavier_uniform(shape, u, gain=1.0):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std  # Calculate uniform bounds from standard deviation
    return _uniform_from(u, -a, a)


def kaiming_uniform(shape, u, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    fan = _calculate_correct_fan(shape, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std  # Calculate uniform bounds from standard deviation
    return _uniform_from(u, -bound, bound)


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    with torch.no_grad():
        if scheme == "xavier_uniform":
            return xavier_uniform(shape, uniforms, gain=calculate_gain(nonlinearity, a))
        mode = "fan_out" if scheme == "kaiming_uniform_fan_out" else "fan_in"
        return kaiming_uniform(shape, uniforms, a=a, mode=mode, nonlinearity=nonlinearity)
