"""Known mistakes in the CrossAttention module (same submodules as the reference)."""

import math

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h, self.d_k = num_heads, d_model // num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def split(self, t):
        return t.view(t.size(0), -1, self.h, self.d_k).transpose(1, 2)

    def attend(self, x, context, keep):
        q = self.split(self.q_proj(x))
        k, v = self.split(self.k_proj(context)), self.split(self.v_proj(context))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
        if keep is not None:
            scores = scores.masked_fill(~keep, -1e9)
        weights = torch.softmax(scores, dim=-1)
        out = (weights @ v).transpose(1, 2).reshape(x.shape)
        return self.out_proj(out), weights

    @staticmethod
    def padding(context_mask):
        return None if context_mask is None else context_mask[:, None, None, :]


class CausalMaskAdded(_Base):
    def forward(self, x, context, context_mask=None):
        # A decoder's causal mask copied into cross-attention: query i sees keys 0..i only.
        causal = torch.tril(torch.ones(x.size(1), context.size(1), dtype=torch.bool))
        keep = causal if context_mask is None else self.padding(context_mask) & causal
        return self.attend(x, context, keep)


class WeightsHeadAveraged(_Base):
    def forward(self, x, context, context_mask=None):
        # Right output, but the weights averaged over heads, as nn.MultiheadAttention does.
        out, weights = self.attend(x, context, self.padding(context_mask))
        return out, weights.mean(dim=1)


MISTAKES = {
    "causal_mask_added": CausalMaskAdded,
    "weights_head_averaged": WeightsHeadAveraged,
}

MESSAGES = {
    "causal_mask_added": {
        "en": "You added a causal mask (query i sees keys 0..i only) to cross-attention. The "
        "keys here are encoder positions, the whole source is known before decoding starts "
        "and nothing of the future leaks through it; block only the padding given by "
        "context_mask.",
        "zh": "你在交叉注意力里加了因果掩码（第 i 个 query 只能看第 0..i 个 key）。这里的 key "
        "是编码端的位置，整个源序列在解码开始前就已经全部已知，看它不会泄漏未来信息；"
        "只需要屏蔽 context_mask 标出的 padding。",
    },
    "weights_head_averaged": {
        "en": "Your output is right, but the attention weights are averaged over the heads "
        "([B, L_q, L_kv], what nn.MultiheadAttention returns by default). Return every "
        "head's weights, [B, num_heads, L_q, L_kv].",
        "zh": "输出是对的，但返回的注意力权重在各个头上取了平均（[B, L_q, L_kv]，"
        "nn.MultiheadAttention 默认就这么返回）。要返回每个头各自的权重，"
        "形状 [B, num_heads, L_q, L_kv]。",
    },
}
