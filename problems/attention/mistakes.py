"""Known mistakes in torch attention (bool mask, False = blocked)."""

import math

import torch


def missing_scale(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v


def wrong_scale(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / q.size(-1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v


def softmax_wrong_axis(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-2) @ v


def mask_inverted(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask != 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v


def mask_not_applied(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    return torch.softmax(scores, dim=-1) @ v


MISTAKES = {
    "missing_scale": missing_scale,
    "wrong_scale": wrong_scale,
    "softmax_wrong_axis": softmax_wrong_axis,
    "mask_inverted": mask_inverted,
    "mask_not_applied": mask_not_applied,
}
