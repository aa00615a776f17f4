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
    "unbiased_variance": {
        "en": "You used the unbiased variance (divide by N-1). Layer norm divides by N, as "
        "torch.nn.LayerNorm does.",
        "zh": "你用了无偏方差（除以 N-1）。层归一化除以 N，与 torch.nn.LayerNorm 一致。",
    },
    "eps_outside_sqrt": {
        "en": "eps is outside the square root. Use sqrt(var + eps), not sqrt(var) + eps.",
        "zh": "eps 放在了根号外。应为 sqrt(var + eps)，而不是 sqrt(var) + eps。",
    },
    "layer_norm_wrong_axis": {
        "en": "You normalised over the wrong axis. Layer norm uses the statistics of the "
        "last axis (the features of each token).",
        "zh": "你在错误的维度上做了归一化。层归一化应使用最后一维（每个 token 的特征）的统计量。",
    },
    "relu_missing": {
        "en": "The ReLU between the two linear layers is missing.",
        "zh": "两层线性变换之间缺少了 ReLU。",
    },
    "gelu_instead_of_relu": {
        "en": "You used GELU; this problem's feed-forward network uses ReLU, max(0, ·).",
        "zh": "你用了 GELU；本题的前馈网络使用 ReLU，即 max(0, ·)。",
    },
    "sin_cos_swapped": {
        "en": "sin and cos are swapped: even columns take sin, odd columns take cos.",
        "zh": "sin 和 cos 放反了：偶数列用 sin，奇数列用 cos。",
    },
    "pe_wrong_exponent": {
        "en": "The exponent is wrong: the frequency is 1 / 10000^(2i/d_model), where 2i is "
        "the even column index.",
        "zh": "指数写错了：频率是 1 / 10000^(2i/d_model)，其中 2i 是偶数列的下标。",
    },
    "pe_concat_not_interleaved": {
        "en": "You concatenated all sines then all cosines. They interleave: column 2i is "
        "sin, column 2i+1 is cos.",
        "zh": "你把所有 sin 和所有 cos 拼接在一起了。"
        "它们应交错排列：第 2i 列是 sin，第 2i+1 列是 cos。",
    },
    "missing_output_projection": {
        "en": "The output projection is missing: multiply the concatenated heads by W_O.",
        "zh": "缺少输出投影：拼接后的多头结果还要乘以 W_O。",
    },
    "heads_not_split": {
        "en": "The heads are not split: you ran one attention over the whole d_model. Reshape "
        "to [B, L, h, d_k] and transpose to [B, h, L, d_k].",
        "zh": "没有拆分多头：你在整个 d_model 上只做了一次注意力。应 reshape 成 [B, L, h, d_k] "
        "再转置为 [B, h, L, d_k]。",
    },
    "heads_split_wrong": {
        "en": "The heads are split wrongly: reshaping straight to [B, h, L, d_k] mixes "
        "positions. Reshape to [B, L, h, d_k], then transpose(1, 2).",
        "zh": "多头拆分方式错了：直接 reshape 成 [B, h, L, d_k] 会把不同位置混在一起。应先 reshape "
        "成 [B, L, h, d_k]，再 transpose(1, 2)。",
    },
    "residual_missing": {
        "en": "The residual connections are missing: add each sublayer's input to its output "
        "before the LayerNorm.",
        "zh": "缺少残差连接：在 LayerNorm 之前把每个子层的输入加到它的输出上。",
    },
    "pre_ln_instead_of_post_ln": {
        "en": "You wrote a pre-LN layer. This problem is post-LN: x = norm(x + sublayer(x)).",
        "zh": "你写的是 Pre-LN。本题是 Post-LN：x = norm(x + sublayer(x))。",
    },
}


def describe(tag: str) -> dict[str, str]:
    """The tag with its message in both languages (the tag itself when it is unknown)."""
    texts = DIAGNOSES.get(tag, {"en": tag, "zh": tag})
    return {"tag": tag, "en": texts["en"], "zh": texts["zh"]}
