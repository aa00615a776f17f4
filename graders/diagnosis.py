"""What each named mistake is and how to fix it, in both languages."""

from __future__ import annotations

DIAGNOSES: dict[str, dict[str, str]] = {
    "missing_scale": {
        "en": "Your output equals attention without the 1/√d_k scale. Divide the scores "
        "QKᵀ by sqrt(d_k) before the softmax.",
        "zh": "你的输出等于没有除以 √d_k 的注意力。在 softmax 之前把分数 QKᵀ 除以 sqrt(d_k)。",
    },
    "wrong_scale": {
        "en": "Your output equals attention scaled by 1/d_k. The scale is 1/sqrt(d_k), not 1/d_k.",
        "zh": "你的输出等于按 1/d_k 缩放的注意力。缩放因子是 1/sqrt(d_k)，不是 1/d_k。",
    },
    "softmax_wrong_axis": {
        "en": "Your softmax normalises over the query axis. Take it over the key axis (the "
        "last one), so that each query's weights sum to 1.",
        "zh": "你的 softmax 是沿 query 轴做的。"
        "应沿 key 轴（最后一维）做，使每个 query 的权重和为 1。",
    },
    "softmax_unstable": {
        "en": "Your softmax overflows on large logits. Subtract the row maximum before exp.",
        "zh": "你的 softmax 在较大的 logits 上溢出了。先减去每行的最大值再取 exp。",
    },
    "mask_inverted": {
        "en": "Your mask is inverted: you block the positions that should be kept. Check "
        "which value means 'blocked' in this problem's convention.",
        "zh": "你的掩码反了：屏蔽了本该保留的位置。请核对本题约定中哪个值表示“屏蔽”。",
    },
    "mask_not_applied": {
        "en": "Your output equals attention with no mask at all. Apply the mask to the "
        "scores before the softmax.",
        "zh": "你的输出等于完全没有使用掩码的注意力。在 softmax 之前把掩码作用到分数上。",
    },
    "returns_weights_transposed": {
        "en": "Your attention weights are transposed: return them as [B, Lq, Lk].",
        "zh": "你返回的注意力权重转置了：应为 [B, Lq, Lk]。",
    },
    "causal_off_by_one": {
        "en": "Your causal mask is off by one on the diagonal: a position must be allowed to "
        "attend to itself (j <= i).",
        "zh": "你的因果掩码在对角线上差了一位：每个位置必须能看到自己（j <= i）。",
    },
    "causal_transposed": {
        "en": "Your causal mask is transposed: it lets each position see the future and hides "
        "the past. True must sit on and below the diagonal.",
        "zh": "你的因果掩码转置了：让每个位置看到未来、看不到过去。True 应在对角线及其下方。",
    },
    "padding_inverted": {
        "en": "Your padding mask is inverted: True must mark real tokens (index < length).",
        "zh": "你的填充掩码反了：True 应标记真实 token（下标 < 长度）。",
    },
    "padding_off_by_one": {
        "en": "Your padding mask is off by one: positions 0 … length-1 are real, so use "
        "index < length.",
        "zh": "你的填充掩码差了一位：位置 0 … length-1 是真实 token，应使用 index < length。",
    },
}


def describe(tag: str) -> dict[str, str]:
    """The tag with its message in both languages (the tag itself when it is unknown)."""
    texts = DIAGNOSES.get(tag, {"en": tag, "zh": tag})
    return {"tag": tag, "en": texts["en"], "zh": texts["zh"]}
