"""Trusted reference for grouped-query attention: Hq query heads share Hkv key/value heads.

Query head h reads key/value head h // (Hq // Hkv): each key/value head is repeated for its
group of consecutive query heads (repeat_interleave, as in Llama's repeat_kv), then plain
attention runs per query head. In the trusted process the attention is
reference_impl.torch_ops.attention, which reads the knobs of the attention families
(scale, mask, softmax axis); when validate grades this file as a submission, torch_ops is
stubbed to None and the plain attention below stands in.
"""

from __future__ import annotations

import math

import torch

from reference_impl import torch_ops


def _attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None):
    if torch_ops is not None:  # the trusted process: the knob-reading building block
        return torch_ops.attention(q, k, v, mask)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))  # [B, Hq, Lq, Lk]
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v  # [B, Hq, Lq, d]


def grouped_query_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None
) -> torch.Tensor:
    """q [B, Hq, Lq, d]; k, v [B, Hkv, Lk, d]; mask True = attend. Returns [B, Hq, Lq, d]."""
    group = q.size(1) // k.size(1)  # query heads per key/value head
    k = k.repeat_interleave(group, dim=1)  # [B, Hq, Lk, d]: head h gets kv head h // group
    v = v.repeat_interleave(group, dim=1)  # [B, Hq, Lk, d]
    return _attention(q, k, v, mask)
