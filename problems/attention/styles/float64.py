"""float64 intermediates, torch.where, F.softmax; returns the input dtype."""

import math

import torch
import torch.nn.functional as F


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask=None) -> torch.Tensor:
    q64, k64, v64 = q.double(), k.double(), v.double()
    scores = torch.matmul(q64, k64.transpose(-1, -2)) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = torch.where(mask.bool(), scores, torch.full_like(scores, -1e9))
    return torch.matmul(F.softmax(scores, dim=-1), v64).to(q.dtype)
