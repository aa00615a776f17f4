"""Known mistakes in the SwiGLU feed-forward module (same parameters as the reference)."""

import torch
import torch.nn.functional as F
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)


class GateSwapped(_Base):
    def forward(self, x):
        return self.w2(self.w1(x) * F.silu(self.w3(x)))


class SigmoidOnly(_Base):
    def forward(self, x):
        return self.w2(torch.sigmoid(self.w1(x)) * self.w3(x))


class GeluGate(_Base):
    def forward(self, x):
        return self.w2(F.gelu(self.w1(x)) * self.w3(x))


class MissingUp(_Base):
    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


MISTAKES = {
    "swiglu_gate_swapped": GateSwapped,
    "swiglu_sigmoid_only": SigmoidOnly,
    "swiglu_gelu_gate": GeluGate,
    "swiglu_missing_up": MissingUp,
}

MESSAGES = {
    "swiglu_gate_swapped": {
        "en": "SiLU is applied to the wrong branch: your output equals w2(w1(x) * silu(w3(x))). "
        "w1 is the gate and takes the SiLU; w3 is the linear up projection: "
        "w2(silu(w1(x)) * w3(x)).",
        "zh": "SiLU 加错了分支：你的输出等于 w2(w1(x) * silu(w3(x)))。w1 是门控分支，"
        "要过 SiLU；w3 是线性的上投影：w2(silu(w1(x)) * w3(x))。",
    },
    "swiglu_sigmoid_only": {
        "en": "The gate is sigmoid(w1(x)), as in the original GLU. SwiGLU gates with "
        "SiLU (Swish): silu(z) = z * sigmoid(z), so the gate is w1(x) * sigmoid(w1(x)).",
        "zh": "门控用的是 sigmoid(w1(x))，这是原始 GLU 的写法。SwiGLU 用的是 SiLU（Swish）："
        "silu(z) = z * sigmoid(z)，门控应为 w1(x) * sigmoid(w1(x))。",
    },
    "swiglu_gelu_gate": {
        "en": "The gate uses GELU: that is GeGLU, a sibling of SwiGLU. SwiGLU's gate is "
        "silu(w1(x)) = w1(x) * sigmoid(w1(x)).",
        "zh": "门控用了 GELU：这是 GeGLU，SwiGLU 的近亲。SwiGLU 的门控是 "
        "silu(w1(x)) = w1(x) * sigmoid(w1(x))。",
    },
    "swiglu_missing_up": {
        "en": "The up projection w3 is never used: your output equals w2(silu(w1(x))), a plain "
        "FFN with SiLU. SwiGLU multiplies the gate by w3(x) elementwise before w2.",
        "zh": "上投影 w3 没有用上：你的输出等于 w2(silu(w1(x)))，只是一个用 SiLU 的普通 FFN。"
        "SwiGLU 要把门控和 w3(x) 逐元素相乘，再送进 w2。",
    },
}
