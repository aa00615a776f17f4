"""Cases for weight-init: Linear weights (out, in) and conv weights (out, in, *kernel), each
scheme, and the nonlinearities relu (the default), leaky_relu with a = 0.2 and a = 0, tanh,
linear, sigmoid and selu. Out and in differ everywhere except one square case, so a swap of
fan_in and fan_out shows on every Kaiming case; the uniforms are a float32 draw in [0, 1)."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(4703 + seed)

    def case(shape, scheme, **kw):
        shape = tuple(shape)
        return {"shape": shape, "scheme": scheme, "uniforms": torch.rand(shape, generator=g), **kw}

    return [
        Case(
            "Linear (4, 3), kaiming_uniform, relu",
            case((4, 3), "kaiming_uniform"),
            note=Note(
                "nonlinearity='relu' and a=0 are the defaults: fan_in = 3, gain = sqrt(2), "
                "bound = sqrt(2) * sqrt(3 / 3) = 1.414",
                "nonlinearity='relu'、a=0 都是默认值：fan_in = 3，gain = sqrt(2)，"
                "bound = sqrt(2) * sqrt(3 / 3) = 1.414",
            ),
        ),
        Case(
            "Conv (6, 2, 3, 3), xavier_uniform, tanh",
            case((6, 2, 3, 3), "xavier_uniform", nonlinearity="tanh"),
            note=Note(
                "a 3x3 kernel: fan_in = 2 * 9 = 18, fan_out = 6 * 9 = 54; gain 5/3 for tanh",
                "3x3 卷积核：fan_in = 2 * 9 = 18，fan_out = 6 * 9 = 54；tanh 的 gain 是 5/3",
            ),
        ),
        Case(
            "Linear (3, 5), kaiming_uniform_fan_out, leaky_relu a=0.2",
            case((3, 5), "kaiming_uniform_fan_out", nonlinearity="leaky_relu", a=0.2),
            note=Note(
                "fan_out = 3 (the rows); gain = sqrt(2 / (1 + 0.2^2))",
                "fan_out = 3（行数）；gain = sqrt(2 / (1 + 0.2^2))",
            ),
        ),
        Case(
            "Linear (64, 32), kaiming_uniform, linear",
            case((64, 32), "kaiming_uniform", nonlinearity="linear"),
            hidden=True,
        ),
        Case(
            "Linear (16, 48), xavier_uniform, relu", case((16, 48), "xavier_uniform"), hidden=True
        ),
        Case(
            "Conv (32, 16, 3, 3), kaiming_uniform, defaults",
            case((32, 16, 3, 3), "kaiming_uniform"),
            hidden=True,
        ),
        Case(
            "Conv (8, 24, 5, 5), kaiming_uniform_fan_out, relu",
            case((8, 24, 5, 5), "kaiming_uniform_fan_out", nonlinearity="relu"),
            hidden=True,
        ),
        Case(
            "Conv1d (12, 6, 7), xavier_uniform, leaky_relu a=0.2",
            case((12, 6, 7), "xavier_uniform", nonlinearity="leaky_relu", a=0.2),
            hidden=True,
        ),
        Case(
            "Linear (5, 20), kaiming_uniform, leaky_relu a=0.2",
            case((5, 20), "kaiming_uniform", nonlinearity="leaky_relu", a=0.2),
            hidden=True,
        ),
        Case(
            "Conv (4, 8, 1, 3), kaiming_uniform, tanh",
            case((4, 8, 1, 3), "kaiming_uniform", nonlinearity="tanh"),
            hidden=True,
        ),
        Case(
            "Linear (10, 10), xavier_uniform, selu",
            case((10, 10), "xavier_uniform", nonlinearity="selu"),
            hidden=True,
        ),
        Case(
            "Conv (6, 3, 2, 2), kaiming_uniform_fan_out, sigmoid",
            case((6, 3, 2, 2), "kaiming_uniform_fan_out", nonlinearity="sigmoid"),
            hidden=True,
        ),
        Case(
            "Linear (9, 4), kaiming_uniform, leaky_relu a=0",
            case((9, 4), "kaiming_uniform", nonlinearity="leaky_relu", a=0.0),
            hidden=True,
        ),
    ]
