"""Known mistakes in the LayerNorm module (same parameters as the reference)."""

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(d_model))
        self.beta = nn.Parameter(torch.zeros(d_model))


class UnbiasedVariance(_Base):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        var = x.var(-1, keepdim=True)  # torch's default divides by N - 1
        return self.gamma * (x - mean) / torch.sqrt(var + self.eps) + self.beta


class EpsOutsideSqrt(_Base):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = x.std(-1, keepdim=True, unbiased=False)
        return self.gamma * (x - mean) / (std + self.eps) + self.beta


class WrongAxis(_Base):
    def forward(self, x):
        mean = x.mean(0, keepdim=True)
        var = x.var(0, keepdim=True, unbiased=False)
        return self.gamma * (x - mean) / torch.sqrt(var + self.eps) + self.beta


class GammaBetaSwapped(_Base):
    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        var = x.var(-1, keepdim=True, unbiased=False)
        return self.beta * (x - mean) / torch.sqrt(var + self.eps) + self.gamma


MISTAKES = {
    "unbiased_variance": UnbiasedVariance,
    "eps_outside_sqrt": EpsOutsideSqrt,
    "layer_norm_wrong_axis": WrongAxis,
    "gamma_beta_swapped": GammaBetaSwapped,
}

MESSAGES = {
    "gamma_beta_swapped": {
        "en": "gamma and beta are swapped: the normalised x is multiplied by beta and gamma "
        "is added. The scale gamma multiplies, the shift beta is added: "
        "gamma * x_hat + beta.",
        "zh": "gamma 和 beta 用反了：归一化后的 x 乘上了 beta，又加上了 gamma。"
        "缩放 gamma 是乘的，平移 beta 是加的：gamma * x_hat + beta。",
    },
}
