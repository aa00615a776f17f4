"""Known mistakes in GPT causal self-attention (scale, causal mask and head reshapes are
families; the fused qkv split is a variant here)."""

import math

import torch
from torch import nn


class QkvSplitPerHead(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, c = x.shape
        hs = c // self.n_head
        # Heads first, then q | k | v inside each head: the Megatron layout, not GPT-2's.
        qkv = self.c_attn(x).view(b, t, self.n_head, 3 * hs).transpose(1, 2)
        q, k, v = qkv.split(hs, dim=-1)
        att = q @ k.transpose(-2, -1) / math.sqrt(hs)
        mask = torch.tril(torch.ones(t, t, dtype=torch.bool))
        y = torch.softmax(att.masked_fill(~mask, -1e9), dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).reshape(b, t, c))


MISTAKES = {"qkv_split_wrong": QkvSplitPerHead}

MESSAGES = {
    "qkv_split_wrong": {
        "en": "c_attn's output is split the wrong way: you split it into heads first and then "
        "into q | k | v inside each head. In the GPT-2 layout the last dim is [q | k | v], "
        "each d_model wide: split(d_model, dim=2) first, then split each into heads.",
        "zh": "c_attn 的输出切分方式不对：你先按头切，再在每个头内部切 q | k | v。"
        "GPT-2 的布局是最后一维为 [q | k | v]，各占 d_model：先 split(d_model, dim=2)，"
        "再把每一个拆成多头。",
    },
}
