"""Known mistakes in the MultiHeadAttention module (same submodules as the reference)."""

import math

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h, self.d_k = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def split(self, t):
        return t.view(t.size(0), -1, self.h, self.d_k).transpose(1, 2)

    def merge(self, t):
        return t.transpose(1, 2).contiguous().view(t.size(0), -1, self.h * self.d_k)

    def attend(self, q, k, v, mask, scale):
        scores = q @ k.transpose(-2, -1) * scale
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        return torch.softmax(scores, dim=-1) @ v


class MissingScale(_Base):
    def forward(self, q, k, v, mask=None):
        q, k, v = self.split(self.wq(q)), self.split(self.wk(k)), self.split(self.wv(v))
        return self.wo(self.merge(self.attend(q, k, v, mask, 1.0)))


class MissingOutputProjection(_Base):
    def forward(self, q, k, v, mask=None):
        q, k, v = self.split(self.wq(q)), self.split(self.wk(k)), self.split(self.wv(v))
        return self.merge(self.attend(q, k, v, mask, 1 / math.sqrt(self.d_k)))


class HeadsNotSplit(_Base):
    def forward(self, q, k, v, mask=None):
        # One head over the whole d_model; the mask's head axis is dropped.
        mask = mask[:, 0] if mask is not None else None
        out = self.attend(self.wq(q), self.wk(k), self.wv(v), mask, 1 / math.sqrt(self.d_k))
        return self.wo(out)


class HeadsSplitWrong(_Base):
    def forward(self, q, k, v, mask=None):
        def split(t):  # straight to [B, h, L, d_k], without the transpose
            return t.reshape(t.size(0), self.h, -1, self.d_k)

        out = self.attend(
            split(self.wq(q)), split(self.wk(k)), split(self.wv(v)), mask, 1 / math.sqrt(self.d_k)
        )
        return self.wo(out.reshape(out.size(0), -1, self.h * self.d_k))


MISTAKES = {
    "missing_scale": MissingScale,
    "missing_output_projection": MissingOutputProjection,
    "heads_not_split": HeadsNotSplit,
    "heads_split_wrong": HeadsSplitWrong,
}
