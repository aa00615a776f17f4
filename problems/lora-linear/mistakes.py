"""Known mistakes in a LoRA linear layer (same parameters as the reference)."""

import math

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, in_features, out_features, r, alpha):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.r, self.alpha = r, alpha


class ScaleMissing(_Base):
    def forward(self, x):
        return self.base(x) + x @ self.lora_A.T @ self.lora_B.T


class ScaleROverAlpha(_Base):
    def forward(self, x):
        return self.base(x) + x @ self.lora_A.T @ self.lora_B.T * (self.r / self.alpha)


class Transposed(_Base):
    def forward(self, x):
        # Delta W = B @ A is [out, in], applied as if it were [in, out].
        return self.base(x) + x @ self.lora_B @ self.lora_A * (self.alpha / self.r)


class BaseNotAdded(_Base):
    def forward(self, x):
        return x @ self.lora_A.T @ self.lora_B.T * (self.alpha / self.r)


MISTAKES = {
    "lora_scale_missing": ScaleMissing,
    "lora_scale_r_over_alpha": ScaleROverAlpha,
    "lora_transposed": Transposed,
    "lora_base_not_added": BaseNotAdded,
}

MESSAGES = {
    "lora_scale_missing": {
        "en": "The low-rank update is not scaled. Multiply x @ A^T @ B^T by alpha / r before "
        "adding it to base(x).",
        "zh": "低秩更新没有乘缩放系数。x @ A^T @ B^T 要先乘以 alpha / r，再加到 base(x) 上。",
    },
    "lora_scale_r_over_alpha": {
        "en": "The scale is upside down: you multiplied by r / alpha. The LoRA scale is "
        "alpha / r, so a larger alpha makes the update larger.",
        "zh": "缩放系数写反了：你乘的是 r / alpha。LoRA 的缩放是 alpha / r，alpha 越大，更新越大。",
    },
    "lora_transposed": {
        "en": "The update is applied transposed: you computed x @ B @ A, i.e. x @ (B A) as if "
        "Delta W = B A were [in, out]. Like nn.Linear's weight it is [out, in]: "
        "x @ A^T @ B^T, A first (down to r), then B (up to out).",
        "zh": "低秩更新用转置了：你算的是 x @ B @ A，相当于把 ΔW = B A 当成了 [in, out]。"
        "它和 nn.Linear 的 weight 一样是 [out, in]：应为 x @ A^T @ B^T，"
        "先过 A（降到 r 维）再过 B（升回 out 维）。",
    },
    "lora_base_not_added": {
        "en": "You returned only the low-rank update. LoRA adds it to the frozen layer's "
        "output: base(x) + (x @ A^T @ B^T) * alpha / r.",
        "zh": "你只返回了低秩更新部分。LoRA 是把它加到冻结层的输出上："
        "base(x) + (x @ A^T @ B^T) * alpha / r。",
    },
}
