"""Hugging Face's mask-function style: small predicates on (q_idx, kv_idx) combined with
an and-helper, evaluated on an index grid (as `causal_mask_function` and
`sliding_window_overlay` in transformers' masking utils, where a key is kept when
kv_idx > q_idx - sliding_window)."""

import torch


def causal(q_idx, kv_idx):
    return kv_idx <= q_idx


def sliding_window_overlay(sliding_window):
    def inner(q_idx, kv_idx):
        return kv_idx > q_idx - sliding_window

    return inner


def and_masks(*fns):
    def inner(q_idx, kv_idx):
        result = torch.ones_like(q_idx + kv_idx, dtype=torch.bool)
        for fn in fns:
            result = result & fn(q_idx, kv_idx)
        return result

    return inner


def sliding_window_mask(size, window):
    q_idx = torch.arange(size).view(-1, 1)
    kv_idx = torch.arange(size).view(1, -1)
    return and_masks(causal, sliding_window_overlay(window))(q_idx, kv_idx)
