"""Masks: inverted, not applied, off by one, however they were applied."""

from __future__ import annotations

from collections.abc import Iterable

from graders.families import Family, Member, Text, Trial

_TRUE_BLOCKS = Text(
    "Your mask uses True for blocked positions (the convention of PyTorch's attn_mask). "
    "Here True means 'may attend': return True where the query may see the key.",
    "你的掩码用 True 表示屏蔽（这是 PyTorch attn_mask 的约定）。"
    "本题中 True 表示“可以关注”：query 能看到的 key 处应返回 True。",
)


class Inverted(Family):
    """The mask blocks the positions it should keep."""

    tag = "mask_inverted"
    text = Text(
        "Your mask is inverted: you block the positions that should be kept. Check which "
        "value means 'blocked' in this problem's convention.",
        "你的掩码反了：屏蔽了本该保留的位置。请核对本题约定中哪个值表示“屏蔽”。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Inverted and filled before the softmax, or multiplied into the weights after."""
        if trial.problem.meta.returns[0].dtype == "bool":  # the mask itself is the answer
            return [Member({"mask": "inverted"}, _TRUE_BLOCKS)]
        return [
            Member({"mask": "inverted"}),  # however it is filled (see app.trusted.diagnosis)
            Member({"mask": "inverted", "mask_apply": "multiply"}),
        ]


class NotApplied(Family):
    """The mask is ignored."""

    tag = "mask_not_applied"
    text = Text(
        "Your output equals attention with no mask at all. Apply the mask to the scores "
        "before the softmax.",
        "你的输出等于完全没有使用掩码的注意力。在 softmax 之前把掩码作用到分数上。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: no mask."""
        return [Member({"mask": "ignored"})]


class CausalOffByOne(Family):
    """The diagonal moved: a position cannot see itself, or sees the next one."""

    tag = "causal_off_by_one"
    text = Text(
        "Your causal mask is off by one on the diagonal: a position must be allowed to "
        "attend to itself and to every earlier one (j <= i), and to nothing later.",
        "你的因果掩码在对角线上差了一位：每个位置必须能看到自己和之前的所有位置"
        "（j <= i），且看不到之后的位置。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Diagonal offsets of one or two either way."""
        return [Member({"causal_offset": k}) for k in (-1, 1, -2, 2)]


class PaddingInverted(Family):
    """True on the padding instead of on the real tokens."""

    tag = "padding_inverted"
    text = Text(
        "Your padding mask is inverted: True must mark real tokens (index < length).",
        "你的填充掩码反了：True 应标记真实 token（下标 < 长度）。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: the mask negated."""
        return [Member({"mask": "inverted"})]


class PaddingOffByOne(Family):
    """One token too many or too few marked real."""

    tag = "padding_off_by_one"
    text = Text(
        "Your padding mask is off by one: positions 0 … length-1 are real, so use index < length.",
        "你的填充掩码差了一位：位置 0 … length-1 是真实 token，应使用 index < length。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Lengths shifted by one either way."""
        return [Member({"padding_offset": k}) for k in (-1, 1)]


FAMILIES = [Inverted(), NotApplied(), CausalOffByOne(), PaddingInverted(), PaddingOffByOne()]
