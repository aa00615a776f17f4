"""Known mistakes in the encoder stack (same submodule names as the reference)."""

import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h, self.d_k = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b = q.size(0)

        def split(t):
            return t.view(b, -1, self.h, self.d_k).transpose(1, 2)

        scores = split(self.wq(q)) @ split(self.wk(k)).transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ split(self.wv(v))
        return self.wo(out.transpose(1, 2).contiguous().view(b, -1, self.h * self.d_k))


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(x + self.dropout(self.ffn(x)))


class _Base(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__()
        self.layers = nn.ModuleList(
            [TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.norm = nn.LayerNorm(d_model) if final_norm else None

    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x, mask)
        return x if self.norm is None else self.norm(x)


class LayersShared(_Base):
    """[layer] * N: one layer object N times, so one set of weights (the last loaded)."""

    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__(d_model, num_heads, d_ff, num_layers, dropout, final_norm)
        self.layers = nn.ModuleList(
            [TransformerEncoderLayer(d_model, num_heads, d_ff, dropout)] * num_layers
        )


class FinalNormMissing(_Base):
    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x, mask)
        return x


class MaskNotPassed(_Base):
    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x)
        return x if self.norm is None else self.norm(x)


MISTAKES = {
    "layers_shared": LayersShared,
    "final_norm_missing": FinalNormMissing,
    "mask_not_passed": MaskNotPassed,
}

MESSAGES = {
    "layers_shared": {
        "en": "Your output equals one layer applied num_layers times: the layers share their "
        "weights. `[layer] * num_layers` (or appending the same object) repeats one module; "
        "build a new TransformerEncoderLayer for each position in the list.",
        "zh": "你的输出等于同一个层被重复用了 num_layers 次：各层共享了权重。"
        "`[layer] * num_layers`（或反复 append 同一个对象）只是把一个模块重复了多遍；"
        "列表里每个位置都要新建一个 TransformerEncoderLayer。",
    },
    "final_norm_missing": {
        "en": "Your output equals the stack without the final LayerNorm. When final_norm is "
        "True, apply self.norm to the output of the last layer.",
        "zh": "你的输出等于去掉最后那个 LayerNorm 的结果。final_norm 为 True 时，"
        "要对最后一层的输出再做一次 self.norm。",
    },
    "mask_not_passed": {
        "en": "Your output equals the stack run with no mask: the mask never reaches the "
        "layers. Pass it to every layer: x = layer(x, mask).",
        "zh": "你的输出等于不带掩码运行整个堆叠的结果：掩码没有传到各层。"
        "每一层都要把它传进去：x = layer(x, mask)。",
    },
}
