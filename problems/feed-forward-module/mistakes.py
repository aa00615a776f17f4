"""Known mistakes in the feed-forward module (same submodules as the reference)."""

import torch
import torch.nn.functional as F
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, d_ff, dropout=0.1):
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.linear2 = nn.Linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)


class ReluMissing(_Base):
    def forward(self, x):
        return self.linear2(self.dropout(self.linear1(x)))


class GeluInsteadOfRelu(_Base):
    def forward(self, x):
        return self.linear2(self.dropout(F.gelu(self.linear1(x))))


class ResidualInsideFfn(_Base):
    def forward(self, x):
        return x + self.linear2(self.dropout(torch.relu(self.linear1(x))))


MISTAKES = {
    "relu_missing": ReluMissing,
    "gelu_instead_of_relu": GeluInsteadOfRelu,
    "residual_inside_ffn": ResidualInsideFfn,
}

MESSAGES = {
    "residual_inside_ffn": {
        "en": "Your output equals x + FFN(x): the residual connection is inside the module. "
        "The feed-forward module returns FFN(x) alone; the encoder layer adds x (and "
        "normalises) around it.",
        "zh": "你的输出等于 x + FFN(x)：把残差连接写进了模块里。前馈模块只返回 FFN(x)，"
        "残差相加（以及归一化）由外面的编码器层来做。",
    },
}
