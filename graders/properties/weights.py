"""Attention weights: each row sums to 1, and what the mask blocks gets no weight."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.compare import _fmt_index, plain
from graders.families import Text
from graders.properties.core import Finding
from graders.text import msg

ROW_SUM_TOLERANCE = 1e-4
MASKED_WEIGHT_TOLERANCE = 1e-6
# Checked on every problem that returns or exposes its attention weights, not per case.
LABELS = {
    "weights_sum": Text("each row of the attention weights sums to 1", "注意力权重每行之和为 1"),
    "masked_weight": Text("positions the mask blocks get zero weight", "被掩码屏蔽的位置权重为 0"),
}


def check_weights(
    weights: np.ndarray, mask: Any, *, blocked_when: str, layout: str = "trailing"
) -> Finding | None:
    """Rows of attention weights sum to 1, and positions the mask blocks get no weight.

    `blocked_when` is the problem's mask convention: "nonzero" (1 = blocked) or "false"
    (False/0 = blocked); `layout` "batch_keys" reads a [B, L_k] mask as one row of keys per
    batch entry of [B, ..., L_q, L_k] weights.
    """
    if weights.ndim < 1 or weights.size == 0:
        return None
    nonfinite = ~np.isfinite(weights)
    if nonfinite.any():
        where = tuple(int(i) for i in np.argwhere(nonfinite)[0])
        count, at = int(nonfinite.sum()), _fmt_index(where)
        message = msg(
            f"{count} attention weights are NaN or infinite (first at "
            f"{at}): exp overflowed? Subtract each row's maximum before exp",
            f"有 {count} 个注意力权重是 NaN 或无穷大（第一处在 {at}）：exp 溢出了？"
            "在 exp 之前先减去每行的最大值",
        )
        return Finding("stability", message, {"index": list(where)})
    with np.errstate(invalid="ignore", over="ignore"):
        sums = weights.astype(np.float64).sum(axis=-1)
    bad = ~(np.abs(sums - 1.0) <= ROW_SUM_TOLERANCE)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        count, at, total = int(bad.sum()), _fmt_index(where), f"{sums[where]:.6g}"
        message = msg(
            f"rows of the attention weights must sum to 1, but {count} of {sums.size} "
            f"do not; row {at} sums to {total} (is the softmax "
            "taken over the key axis, the last one?)",
            f"注意力权重每行之和必须为 1，但 {sums.size} 行中有 {count} 行不是；"
            f"行 {at} 之和为 {total}（softmax 是不是沿 key 所在的最后一维做的？）",
        )
        return Finding("weights_sum", message, {"row": list(where), "sum": plain(sums[where])})
    if mask is None:
        return None
    mask_array = np.asarray(mask)
    if layout == "batch_keys" and mask_array.ndim == 2 and weights.ndim >= 3:
        shape = (mask_array.shape[0],) + (1,) * (weights.ndim - 2) + (mask_array.shape[1],)
        mask_array = mask_array.reshape(shape)
    blocked = mask_array != 0 if blocked_when == "nonzero" else mask_array == 0
    try:
        blocked = np.broadcast_to(blocked, weights.shape)
    except ValueError:
        return None
    leaked = blocked & ~(np.abs(weights) <= MASKED_WEIGHT_TOLERANCE)
    if not leaked.any():
        return None
    where = tuple(int(i) for i in np.argwhere(leaked)[0])
    count, of, at = int(leaked.sum()), int(blocked.sum()), _fmt_index(where)
    message = msg(
        f"masked positions get weight: {count} of {of} blocked "
        f"positions have non-zero weight; {at} is blocked by the mask but has "
        f"weight {weights[where]:.6g}",
        f"被屏蔽的位置分到了权重：{of} 个被屏蔽的位置中有 {count} 个权重不为 0；"
        f"{at} 被掩码屏蔽，权重却是 {weights[where]:.6g}",
    )
    return Finding("masked_weight", message, {"index": list(where)})
