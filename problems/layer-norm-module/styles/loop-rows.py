"""An interview whiteboard version: one token vector at a time in a Python loop, with a small
helper for the statistics, then torch.stack back together (slow, but gradients flow)."""

import torch
import torch.nn as nn


def _moments(v):
    n = v.numel()
    mu = v.sum() / n
    var = ((v - mu) * (v - mu)).sum() / n
    return mu, var


class LayerNorm(nn.Module):
    def __init__(self, dim, epsilon=1e-5):
        super().__init__()
        self.epsilon = epsilon
        self.gamma = nn.Parameter(torch.ones(dim))
        self.beta = nn.Parameter(torch.zeros(dim))

    def forward(self, inputs):
        flat = inputs.reshape(-1, inputs.shape[-1])
        rows = []
        for v in flat:
            mu, var = _moments(v)
            rows.append(self.gamma * (v - mu) / torch.sqrt(var + self.epsilon) + self.beta)
        if not rows:
            return inputs.clone()
        return torch.stack(rows).view(inputs.shape)
