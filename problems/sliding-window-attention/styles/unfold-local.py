"""Blockwise local attention in the Longformer / local-attention style: pad the keys and
values on the left with window - 1 slots and unfold them into one window per query, so the
scores are [B, H, L, window] instead of [B, H, L, L]; the padded slots are masked out."""

import math

import torch
import torch.nn.functional as F


def sliding_window_attention(q, k, v, window):
    B, H, L, d = q.shape
    w = min(window, L)
    k_pad = F.pad(k, (0, 0, w - 1, 0))  # [B, H, L + w - 1, d]
    v_pad = F.pad(v, (0, 0, w - 1, 0))
    k_win = k_pad.unfold(2, w, 1).transpose(-2, -1)  # [B, H, L, w, d]
    v_win = v_pad.unfold(2, w, 1).transpose(-2, -1)  # [B, H, L, w, d]
    scores = torch.einsum("bhld,bhlwd->bhlw", q, k_win) / math.sqrt(d)
    # slot s of query i holds key i - (w - 1) + s; it exists only when that index >= 0
    key_index = torch.arange(L)[:, None] - (w - 1) + torch.arange(w)[None, :]  # [L, w]
    scores = scores.masked_fill(key_index < 0, float("-inf"))
    return torch.einsum("bhlw,bhlwd->bhld", scores.softmax(dim=-1), v_win)
