"""Known mistakes in the RMSNorm module (same parameter as the reference)."""

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))


class SubtractsMean(_Base):
    def forward(self, x):
        centred = x - x.mean(-1, keepdim=True)  # this is LayerNorm without beta
        return centred * torch.rsqrt(centred.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class EpsOutsideSqrt(_Base):
    def forward(self, x):
        rms = x.pow(2).mean(-1, keepdim=True).sqrt()
        return x / (rms + self.eps) * self.weight


class SumNotMean(_Base):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).sum(-1, keepdim=True) + self.eps) * self.weight


class WeightMissing(_Base):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


MISTAKES = {
    "rms_norm_subtracts_mean": SubtractsMean,
    "eps_outside_sqrt": EpsOutsideSqrt,
    "rms_norm_sum_not_mean": SumNotMean,
    "rms_norm_weight_missing": WeightMissing,
}

MESSAGES = {
    "rms_norm_subtracts_mean": {
        "en": "You subtracted the mean first: that is LayerNorm without its bias, not RMSNorm. "
        "RMSNorm does not centre x; it divides x itself by sqrt(mean(x^2) + eps).",
        "zh": "你先减去了均值：这是去掉 beta 的 LayerNorm，不是 RMSNorm。"
        "RMSNorm 不做中心化，直接用 x 除以 sqrt(mean(x^2) + eps)。",
    },
    "rms_norm_sum_not_mean": {
        "en": "You divided by sqrt(sum(x^2)), the L2 norm, not by the root mean square, so the "
        "output is sqrt(d_model) times too small. Take the mean of x^2 over the last "
        "dimension, not the sum.",
        "zh": "你除以的是 sqrt(sum(x^2))，即 L2 范数，而不是均方根，输出小了 sqrt(d_model) 倍。"
        "应对最后一维的 x^2 取平均，而不是求和。",
    },
    "rms_norm_weight_missing": {
        "en": "The learnable gain `weight` is never applied: multiply the normalised x by "
        "self.weight (shape [d_model]).",
        "zh": "没有乘上可学习的缩放参数 `weight`：归一化之后还要乘以 self.weight"
        "（形状 [d_model]）。",
    },
}
