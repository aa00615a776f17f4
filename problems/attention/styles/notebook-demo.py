"""Notebook-cell style: the function, then a demo that runs at import time and prints shapes."""

import math

import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    weights = F.softmax(scores, dim=-1)
    return weights @ v


torch.manual_seed(0)
B, h, L, d = 2, 4, 5, 8
q_demo, k_demo, v_demo = (torch.randn(B, h, L, d) for _ in range(3))
demo_mask = torch.tril(torch.ones(L, L, dtype=torch.bool))
out_demo = attention(q_demo, k_demo, v_demo, demo_mask)
print(out_demo.shape)  # torch.Size([2, 4, 5, 8])
