"""Splitting and merging heads: every wrong reshape, no split at all, no output projection."""

from __future__ import annotations

import math
from collections.abc import Iterable

from graders.families import Family, Member, Text, Trial


class SplitWrong(Family):
    """Heads split or merged by a reshape that mixes positions into heads."""

    tag = "heads_split_wrong"
    text = Text(
        "The heads are split or merged wrongly: reshaping straight between [B, L, d_model] "
        "and [B, h, L, d_k] mixes positions. Split with view(B, L, h, d_k).transpose(1, 2) "
        "and merge with transpose(1, 2).reshape(B, L, d_model).",
        "多头的拆分或合并方式错了：在 [B, L, d_model] 和 [B, h, L, d_k] 之间直接 reshape "
        "会把不同位置混在一起。拆分用 view(B, L, h, d_k).transpose(1, 2)，"
        "合并用 transpose(1, 2).reshape(B, L, d_model)。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Split head-first, merge head-first, or both."""
        split = Text(
            "The heads are split wrongly: reshaping [B, L, d_model] straight to "
            "[B, h, L, d_k] mixes positions. Reshape to [B, L, h, d_k], then transpose(1, 2).",
            "多头拆分方式错了：把 [B, L, d_model] 直接 reshape 成 [B, h, L, d_k] "
            "会把不同位置混在一起。应先 reshape 成 [B, L, h, d_k]，再 transpose(1, 2)。",
        )
        merge = Text(
            "The heads are merged wrongly: reshaping [B, h, L, d_k] straight to "
            "[B, L, d_model] mixes positions. transpose(1, 2) first, then reshape.",
            "多头合并方式错了：把 [B, h, L, d_k] 直接 reshape 成 [B, L, d_model] "
            "会把不同位置混在一起。应先 transpose(1, 2)，再 reshape。",
        )
        across = Text(
            "The heads are reshaped to [B, L, h, d_k] but never transposed, so attention runs "
            "across the heads of each position instead of across positions. transpose(1, 2) "
            "to [B, h, L, d_k] before attention, and back after.",
            "多头 reshape 成了 [B, L, h, d_k] 却没有转置，于是注意力是在每个位置的各个头之间"
            "计算的，而不是在位置之间。注意力之前要 transpose(1, 2) 成 [B, h, L, d_k]，"
            "之后再转回来。",
        )
        interleaved = Text(
            "The heads are split across interleaved columns ([B, L, d_k, h]): head i must "
            "own the contiguous columns i·d_k … (i+1)·d_k - 1. Reshape to [B, L, h, d_k].",
            "多头拆分时把列交错分给了各个头（[B, L, d_k, h]）：第 i 个头应拥有连续的第 "
            "i·d_k … (i+1)·d_k - 1 列。应 reshape 成 [B, L, h, d_k]。",
        )
        return [
            Member({"heads_split": "head_first"}, split),
            Member({"heads_merge": "head_first"}, merge),
            Member({"heads_split": "head_first", "heads_merge": "head_first"}),
            Member({"heads_split": "no_transpose"}, across),
            Member({"heads_split": "interleaved"}, interleaved),
            Member({"heads_split": "interleaved", "heads_merge": "interleaved"}, interleaved),
        ]


class NotSplit(Family):
    """One attention over the whole d_model."""

    tag = "heads_not_split"
    text = Text(
        "The heads are not split: you ran one attention over the whole d_model. Reshape "
        "to [B, L, h, d_k] and transpose to [B, h, L, d_k].",
        "没有拆分多头：你在整个 d_model 上只做了一次注意力。应 reshape 成 [B, L, h, d_k] "
        "再转置为 [B, h, L, d_k]。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One head of size d_model, scaled by √d_model or by the per-head √d_k."""
        return [
            Member({"heads": 1}),
            Member({"heads": 1, "scale": lambda dims: 1.0 / math.sqrt(dims["head_dim"])}),
        ]


class MissingOutputProjection(Family):
    """The concatenated heads are returned without W_O."""

    tag = "missing_output_projection"
    text = Text(
        "The output projection is missing: multiply the concatenated heads by W_O.",
        "缺少输出投影：拼接后的多头结果还要乘以 W_O。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: no W_O."""
        return [Member({"output_projection": False})]


FAMILIES = [SplitWrong(), NotSplit(), MissingOutputProjection()]
