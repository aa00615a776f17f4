"""Texts of the shared diagnosis tags that no family owns.

One home per tag: a tag's text lives in its family (graders.families), else here, else in
the problem's own `MESSAGES` (mistakes.py). Validation refuses a tag defined twice.
"""

from __future__ import annotations

from graders.families import FAMILIES, Text

VARIANTS: dict[str, Text] = {
    "returns_weights_transposed": Text(
        "Your attention weights are transposed: return them as [B, Lq, Lk].",
        "你返回的注意力权重转置了：应为 [B, Lq, Lk]。",
    ),
    "causal_transposed": Text(
        "Your causal mask is transposed: it lets each position see the future and hides "
        "the past. True must sit on and below the diagonal.",
        "你的因果掩码转置了：让每个位置看到未来、看不到过去。True 应在对角线及其下方。",
    ),
}


def shared_text(tag: str) -> Text | None:
    """The text of a shared tag: its family's, else the table's; None for any other tag."""
    family = FAMILIES.get(tag)
    if family is not None and family.text.en:
        return family.text
    return VARIANTS.get(tag)


def describe(tag: str) -> dict[str, str]:
    """The tag with its shared message in both languages (the tag itself when unknown)."""
    text = shared_text(tag)
    if text is None:
        return {"tag": tag, "en": tag, "zh": tag}
    return {"tag": tag, "en": text.en, "zh": text.zh}


def defined_twice() -> list[str]:
    """Tags with a text both in a family and in VARIANTS."""
    return sorted(tag for tag in VARIANTS if tag in FAMILIES)


VARIANT_MARK = "~"  # MISTAKES["tag"] = [f, g]: keys "tag" and "tag~2", both the mistake `tag`


def tag_of(key: str) -> str:
    """The mistake a MISTAKES key stands for: "padding_in_mean~2" is padding_in_mean."""
    return key.split(VARIANT_MARK, 1)[0]
