"""Known mistakes in the GPT-2 block (same submodules and parameter names as the reference)."""

import math

import torch
import torch.nn.functional as F
from torch import nn


class _Attention(nn.Module):
    def __init__(self, d_model, num_heads, *, scale=True, causal=True, interleaved=False):
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.scale, self.causal, self.interleaved = scale, causal, interleaved

    def forward(self, x):
        b, t, c = x.shape
        hd = c // self.n_head
        qkv = self.c_attn(x)
        if self.interleaved:  # [h, 3, hd] per token (Megatron's layout), not [3, h, hd]
            q, k, v = qkv.view(b, t, self.n_head, 3 * hd).split(hd, dim=-1)
        else:
            q, k, v = (z.view(b, t, self.n_head, hd) for z in qkv.split(c, dim=2))
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        att = q @ k.transpose(-2, -1)
        if self.scale:
            att = att / math.sqrt(hd)
        if self.causal:
            keep = torch.tril(torch.ones(t, t, dtype=torch.bool))
            att = att.masked_fill(~keep, float("-inf"))
        y = att.softmax(dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c))


class _MLP(nn.Module):
    def __init__(self, d_model, approximate="tanh"):
        super().__init__()
        self.c_fc = nn.Linear(d_model, 4 * d_model)
        self.c_proj = nn.Linear(4 * d_model, d_model)
        self.approximate = approximate

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate=self.approximate))


class _Block(nn.Module):
    attention: dict = {}
    approximate = "tanh"

    def __init__(self, d_model, num_heads):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = _Attention(d_model, num_heads, **self.attention)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = _MLP(d_model, self.approximate)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class PostLN(_Block):
    def forward(self, x):
        x = self.ln_1(x + self.attn(x))
        return self.ln_2(x + self.mlp(x))


class GeluExact(_Block):
    approximate = "none"


class ResidualMissing(_Block):
    def forward(self, x):
        x = self.attn(self.ln_1(x))
        return self.mlp(self.ln_2(x))


class CausalMaskMissing(_Block):
    attention = {"causal": False}


class QkvSplitWrong(_Block):
    attention = {"interleaved": True}


class MissingScale(_Block):
    attention = {"scale": False}


MISTAKES = {
    "post_ln_instead_of_pre_ln": PostLN,
    "gelu_exact_instead_of_tanh": GeluExact,
    "residual_missing": ResidualMissing,
    "causal_mask_missing": CausalMaskMissing,
    "qkv_split_wrong": QkvSplitWrong,
    "missing_scale": MissingScale,
}

MESSAGES = {
    "post_ln_instead_of_pre_ln": {
        "en": "You wrote a post-LN block, x = ln(x + sublayer(x)). GPT-2 is pre-LN: normalise "
        "the sublayer's input and add its output to the raw residual stream, "
        "x = x + attn(ln_1(x)); x = x + mlp(ln_2(x)).",
        "zh": "你写成了 Post-LN：x = ln(x + sublayer(x))。GPT-2 是 Pre-LN：先对子层的输入做"
        "归一化，子层输出再加回未归一化的残差流：x = x + attn(ln_1(x))；x = x + mlp(ln_2(x))。",
    },
    "gelu_exact_instead_of_tanh": {
        "en": "Your MLP uses the exact (erf) GELU. GPT-2 uses the tanh approximation: "
        "nn.GELU(approximate='tanh'), i.e. 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))). "
        "The two differ by up to about 5e-4 per unit.",
        "zh": "你的 MLP 用的是精确（erf）版 GELU。GPT-2 用的是 tanh 近似："
        "nn.GELU(approximate='tanh')，即 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))。"
        "两者每个单元最多相差约 5e-4。",
    },
    "causal_mask_missing": {
        "en": "The attention is not causal: every position sees the future. Block the keys "
        "j > i (masked_fill with -inf above the diagonal) before the softmax.",
        "zh": "注意力没有做因果掩码：每个位置都看到了未来。softmax 之前要把 j > i 的 key 屏蔽掉"
        "（对角线以上 masked_fill 成 -inf）。",
    },
    "qkv_split_wrong": {
        "en": "q, k and v are cut out of c_attn's output the wrong way: you grouped it per "
        "head first ([h, 3, hd], Megatron's layout). In GPT-2 the 3·C outputs are [q | k | v], "
        "each C wide: split(C, dim=-1) first, then split each into heads.",
        "zh": "q、k、v 从 c_attn 的输出里切错了：你先按 head 分组（[h, 3, hd]，Megatron 的布局）。"
        "GPT-2 的 3·C 个输出是 [q | k | v]，各 C 维：先 split(C, dim=-1)，再各自拆成多头。",
    },
}
