"""Known mistakes in multi-head latent attention (same parameter names as the reference)."""

import math

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.h, self.d_head = num_heads, d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def split(self, t):
        return t.view(t.shape[0], -1, self.h, self.d_head).transpose(1, 2)

    def merge(self, t):
        return t.transpose(1, 2).reshape(t.shape[0], -1, self.h * self.d_head)

    def attend(self, q, k, v, mask, scale):
        scores = q @ k.transpose(-2, -1) * scale
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        return self.w_o(self.merge(torch.softmax(scores, dim=-1) @ v))

    def forward(self, x, mask=None):
        c = self.w_dkv(x)
        q, k, v = self.split(self.w_q(x)), self.split(self.w_uk(c)), self.split(self.w_uv(c))
        return self.attend(q, k, v, mask, 1 / math.sqrt(self.d_head))


class MissingScale(_Base):
    def forward(self, x, mask=None):
        c = self.w_dkv(x)
        q, k, v = self.split(self.w_q(x)), self.split(self.w_uk(c)), self.split(self.w_uv(c))
        return self.attend(q, k, v, mask, 1.0)


class HeadsSplitWrong(_Base):
    def split(self, t):
        return t.reshape(t.shape[0], self.h, -1, self.d_head)  # positions and heads mixed

    def merge(self, t):
        return t.reshape(t.shape[0], -1, self.h * self.d_head)


class KVSwapped(_Base):
    def forward(self, x, mask=None):
        c = self.w_dkv(x)
        q, k, v = self.split(self.w_q(x)), self.split(self.w_uv(c)), self.split(self.w_uk(c))
        return self.attend(q, k, v, mask, 1 / math.sqrt(self.d_head))


class ValuesFromKeyProjection(_Base):
    def forward(self, x, mask=None):
        c = self.w_dkv(x)
        k = self.split(self.w_uk(c))
        return self.attend(self.split(self.w_q(x)), k, k, mask, 1 / math.sqrt(self.d_head))


MISTAKES = {
    "missing_scale": MissingScale,
    "heads_split_wrong": HeadsSplitWrong,
    "mla_k_v_swapped": KVSwapped,
    "mla_values_from_w_uk": ValuesFromKeyProjection,
}

MESSAGES = {
    "mla_k_v_swapped": {
        "en": "Keys and values are swapped: your keys come from w_uv and your values from "
        "w_uk. The keys are k = w_uk(c) and the values v = w_uv(c), both from the same "
        "latent c = w_dkv(x).",
        "zh": "key 和 value 弄反了：你的 key 用的是 w_uv，value 用的是 w_uk。"
        "应为 k = w_uk(c)、v = w_uv(c)，两者都来自同一个潜在向量 c = w_dkv(x)。",
    },
    "mla_values_from_w_uk": {
        "en": "Your values are the keys: both come from w_uk(c), and w_uv is never used. "
        "Keys and values share the latent c, not the up-projection: v = w_uv(c).",
        "zh": "你的 value 就是 key：两者都由 w_uk(c) 得到，w_uv 根本没用上。"
        "key 和 value 共享的是潜在向量 c，而不是上投影矩阵：v = w_uv(c)。",
    },
}
