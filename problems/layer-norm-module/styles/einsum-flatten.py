"""Flatten the leading dimensions to rows, reduce with einsum (sums over the feature index),
and restore the shape: the style of hand-written kernels that work on [rows, d] matrices."""

import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.d = d_model
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(d_model))
        self.beta = nn.Parameter(torch.zeros(d_model))

    def forward(self, x):
        shape = x.shape
        rows = x.reshape(-1, self.d)  # [R, d]
        ones = torch.ones(self.d, dtype=x.dtype)
        mean = torch.einsum("rd,d->r", rows, ones) / self.d  # [R]
        centred = rows - mean[:, None]
        var = torch.einsum("rd,rd->r", centred, centred) / self.d  # [R]
        normed = centred / torch.sqrt(var + self.eps)[:, None]
        out = torch.einsum("rd,d->rd", normed, self.gamma) + self.beta
        return out.reshape(shape)
