"""Known mistakes in a hand-written GELU (same signature as the reference)."""

import math

import torch

C = math.sqrt(2.0 / math.pi)


def _exact(x):
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def _tanh(x):
    return 0.5 * x * (1.0 + torch.tanh(C * (x + 0.044715 * x**3)))


def tanh_for_exact(x, approximate="none"):
    return _tanh(x)


def missing_cube(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1.0 + torch.tanh(C * x))
    return _exact(x)


def sigmoid_approx(x, approximate="none"):
    return x * torch.sigmoid(1.702 * x)


def missing_half(x, approximate="none"):
    if approximate == "tanh":
        return x * (1.0 + torch.tanh(C * (x + 0.044715 * x**3)))
    return x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def erf_missing_sqrt2(x, approximate="none"):
    if approximate == "tanh":
        return _tanh(x)
    return 0.5 * x * (1.0 + torch.erf(x))


MISTAKES = {
    "gelu_tanh_for_exact": tanh_for_exact,
    "gelu_missing_cube": missing_cube,
    "gelu_sigmoid_approx": sigmoid_approx,
    "gelu_missing_half": missing_half,
    "gelu_erf_missing_sqrt2": erf_missing_sqrt2,
}

MESSAGES = {
    "gelu_tanh_for_exact": {
        "en": 'With approximate="none" your output equals the tanh approximation. The '
        "default is the exact GELU, x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2))); use the "
        'tanh formula only when approximate == "tanh" (note that the string "none" is '
        "truthy, so `if approximate:` picks the wrong branch).",
        "zh": 'approximate="none" 时，你的输出等于 tanh 近似式。默认应是精确的 GELU：'
        'x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2)))；只有 approximate == "tanh" '
        '时才用 tanh 公式（注意字符串 "none" 是真值，`if approximate:` 会走错分支）。',
    },
    "gelu_missing_cube": {
        "en": "The tanh approximation is missing the cubic term: it is "
        "0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))), not tanh(sqrt(2/pi) * x).",
        "zh": "tanh 近似式少了三次项：应为 "
        "0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))，而不是 tanh(sqrt(2/pi) * x)。",
    },
    "gelu_sigmoid_approx": {
        "en": "Your output equals x * sigmoid(1.702 * x), the rough sigmoid approximation of "
        "GELU (off by up to about 0.02). This problem asks for the exact erf form and the "
        "tanh form of F.gelu.",
        "zh": "你的输出等于 x * sigmoid(1.702 * x)，这是 GELU 粗略的 sigmoid 近似"
        "（误差可达约 0.02）。本题要的是 F.gelu 的精确 erf 式和 tanh 近似式。",
    },
    "gelu_missing_half": {
        "en": "Your output is twice GELU: the factor 0.5 is missing. Phi(x) = "
        "0.5 * (1 + erf(x / sqrt(2))), so GELU(x) = 0.5 * x * (1 + erf(x / sqrt(2))); the "
        "tanh form has the same 0.5.",
        "zh": "你的输出是 GELU 的两倍：少了系数 0.5。Phi(x) = 0.5 * (1 + erf(x / sqrt(2)))，"
        "所以 GELU(x) = 0.5 * x * (1 + erf(x / sqrt(2)))；tanh 近似式里也有这个 0.5。",
    },
    "gelu_erf_missing_sqrt2": {
        "en": "You used erf(x) instead of erf(x / sqrt(2)). erf is the CDF of a normal with "
        "variance 1/2; the standard normal CDF is Phi(x) = 0.5 * (1 + erf(x / sqrt(2))).",
        "zh": "你用的是 erf(x)，而不是 erf(x / sqrt(2))。erf 对应方差为 1/2 的正态分布；"
        "标准正态的 CDF 是 Phi(x) = 0.5 * (1 + erf(x / sqrt(2)))。",
    },
}
