"""Trusted reference for grouped-query attention: Hq query heads share Hkv key/value heads.

Query head h reads key/value head h // (Hq // Hkv): each key/value head is repeated for its
group of consecutive query heads (repeat_interleave, as in Llama's repeat_kv), then plain
attention runs per query head: reference_impl.torch_ops.attention, which reads the knobs
of the attention families (scale, mask, softmax axis).
"""

from __future__ import annotations

import torch

from reference_impl import torch_ops


def grouped_query_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None
) -> torch.Tensor:
    """q [B, Hq, Lq, d]; k, v [B, Hkv, Lk, d]; mask True = attend. Returns [B, Hq, Lq, d]."""
    group = q.size(1) // k.size(1)  # query heads per key/value head
    k = k.repeat_interleave(group, dim=1)  # [B, Hq, Lk, d]: head h gets kv head h // group
    v = v.repeat_interleave(group, dim=1)  # [B, Hq, Lk, d]
    return torch_ops.attention(q, k, v, mask)  # [B, Hq, Lq, d]
