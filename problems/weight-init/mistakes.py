"""Known mistakes in Xavier / Kaiming uniform initialisation."""

import math

import torch


def _gain(nonlinearity, a, *, use_slope=True):
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + a**2)) if use_slope else math.sqrt(2.0)
    return {"linear": 1.0, "sigmoid": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0), "selu": 0.75}[
        nonlinearity
    ]


def _init(
    shape,
    scheme,
    uniforms,
    nonlinearity,
    a,
    *,
    swap=False,
    receptive=True,
    sqrt3=True,
    gain=True,
    use_slope=True,
):
    shape = tuple(int(s) for s in shape)
    rf = math.prod(shape[2:]) if receptive else 1
    fan_in, fan_out = shape[1] * rf, shape[0] * rf
    if swap:
        fan_in, fan_out = fan_out, fan_in
    g = _gain(nonlinearity, a, use_slope=use_slope) if gain else 1.0
    if scheme == "xavier_uniform":
        std = g * math.sqrt(2.0 / (fan_in + fan_out))
    elif scheme == "kaiming_uniform":
        std = g / math.sqrt(fan_in)
    else:
        std = g / math.sqrt(fan_out)
    bound = math.sqrt(3.0) * std if sqrt3 else std
    return (2.0 * uniforms.to(torch.float32) - 1.0) * bound


def fan_in_out_swapped(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    return _init(shape, scheme, uniforms, nonlinearity, a, swap=True)


def receptive_field_missing(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    return _init(shape, scheme, uniforms, nonlinearity, a, receptive=False)


def std_as_bound(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    return _init(shape, scheme, uniforms, nonlinearity, a, sqrt3=False)


def gain_missing(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    return _init(shape, scheme, uniforms, nonlinearity, a, gain=False)


def leaky_relu_slope_ignored(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    return _init(shape, scheme, uniforms, nonlinearity, a, use_slope=False)


MISTAKES = {
    "fan_in_out_swapped": fan_in_out_swapped,
    "receptive_field_missing": receptive_field_missing,
    "std_as_bound": std_as_bound,
    "gain_missing": gain_missing,
    "leaky_relu_slope_ignored": leaky_relu_slope_ignored,
}

MESSAGES = {
    "fan_in_out_swapped": {
        "en": "You took fan_in from shape[0]. A PyTorch weight is (out_features, in_features, "
        "*kernel): fan_in = shape[1] * receptive field and fan_out = shape[0] * receptive "
        "field. Xavier does not notice (it uses their sum), Kaiming does.",
        "zh": "你把 shape[0] 当成了 fan_in。PyTorch 的权重布局是 (out_features, in_features, "
        "*kernel)：fan_in = shape[1] * 感受野，fan_out = shape[0] * 感受野。Xavier 用的是两者之和，"
        "看不出来；Kaiming 会直接错。",
    },
    "receptive_field_missing": {
        "en": "Your fans ignore the kernel size: for a conv weight (out, in, kh, kw) each output "
        "sums over in * kh * kw inputs, so fan_in = in * kh * kw and fan_out = out * kh * kw. "
        "Multiply both by prod(shape[2:]).",
        "zh": "算 fan 时漏了卷积核大小：卷积权重 (out, in, kh, kw) 的每个输出"
        "要对 in * kh * kw 个输入求和，"
        "所以 fan_in = in * kh * kw，fan_out = out * kh * kw。两者都要乘上 prod(shape[2:])。",
    },
    "std_as_bound": {
        "en": "You used the target standard deviation as the bound of the uniform. U(-b, b) has "
        "variance b^2 / 3, so to get std s the bound is b = sqrt(3) * s; without the sqrt(3) "
        "the weights are 1.73 times too small.",
        "zh": "你直接把目标标准差当成了均匀分布的边界。U(-b, b) 的方差是 b^2 / 3，要得到标准差 s，"
        "边界得是 b = sqrt(3) * s；少了 sqrt(3)，权重整体小了 1.73 倍。",
    },
    "gain_missing": {
        "en": "You left out the gain. The bound is multiplied by calculate_gain(nonlinearity, a): "
        "sqrt(2) for relu, sqrt(2 / (1 + a^2)) for leaky_relu, 5/3 for tanh, 3/4 for selu, "
        "1 for linear and sigmoid, for every scheme (Xavier too, in this problem).",
        "zh": "漏了 gain。边界要乘 calculate_gain(nonlinearity, a)：relu 是 sqrt(2)，leaky_relu 是 "
        "sqrt(2 / (1 + a^2))，tanh 是 5/3，selu 是 3/4，linear 和 sigmoid 是 1；"
        "本题里每种方案（包括 Xavier）都要乘。",
    },
    "leaky_relu_slope_ignored": {
        "en": "For leaky_relu you used the ReLU gain sqrt(2) and ignored the negative slope a. "
        "A leaky ReLU keeps a fraction a of the negative half, so its gain is "
        "sqrt(2 / (1 + a^2)) (sqrt(2) only when a = 0).",
        "zh": "leaky_relu 你直接用了 ReLU 的 gain sqrt(2)，没管负半轴斜率 a。"
        "leaky ReLU 会保留负半轴的 a 倍，gain 是 sqrt(2 / (1 + a^2))，"
        "只有 a = 0 时才等于 sqrt(2)。",
    },
}
