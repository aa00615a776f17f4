"""Layer norm, the feed-forward network and the encoder layer's wiring."""

from __future__ import annotations

from collections.abc import Iterable

from graders.families import Family, Member, Text, Trial


class UnbiasedVariance(Family):
    """Dividing by N-1."""

    tag = "unbiased_variance"
    text = Text(
        "You used the unbiased variance (divide by N-1). The normalisation divides by N, "
        "as torch.nn.LayerNorm and torch.nn.BatchNorm1d do; BatchNorm uses the unbiased "
        "variance only to update running_var.",
        "你用了无偏方差（除以 N-1）。归一化除以 N，与 torch.nn.LayerNorm 和 "
        "torch.nn.BatchNorm1d 一致；BatchNorm 只在更新 running_var 时用无偏方差。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: N-1."""
        return [Member({"variance": "unbiased"})]


class EpsOutsideSqrt(Family):
    """sqrt(var) + eps."""

    tag = "eps_outside_sqrt"
    text = Text(
        "eps is outside the square root. Add it to the variance (in RMSNorm, to the mean "
        "square) inside the root: sqrt(var + eps), not sqrt(var) + eps.",
        "eps 放在了根号外。应把它加在根号里面的方差上（RMSNorm 中是均方）："
        "sqrt(var + eps)，而不是 sqrt(var) + eps。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: outside."""
        return [Member({"eps": "outside"})]


class NormWrongAxis(Family):
    """Statistics over the batch, the sequence, or everything."""

    tag = "layer_norm_wrong_axis"
    text = Text(
        "You normalised over the wrong axis. Layer norm uses the statistics of the last "
        "axis (the features of each token).",
        "你在错误的维度上做了归一化。层归一化应使用最后一维（每个 token 的特征）的统计量。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Each other axis, and all of them."""
        return [Member({"norm_axis": axis}) for axis in (0, 1, -2, "all")]


class ReluMissing(Family):
    """Two linear layers with nothing between them."""

    tag = "relu_missing"
    text = Text(
        "The ReLU between the two linear layers is missing.",
        "两层线性变换之间缺少了 ReLU。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: no activation."""
        return [Member({"activation": "none"})]


class GeluInsteadOfRelu(Family):
    """GELU, exact or tanh."""

    tag = "gelu_instead_of_relu"
    text = Text(
        "You used GELU; this problem's feed-forward network uses ReLU, max(0, ·).",
        "你用了 GELU；本题的前馈网络使用 ReLU，即 max(0, ·)。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Exact GELU and its tanh and sigmoid approximations."""
        return [Member({"activation": k}) for k in ("gelu", "gelu_tanh", "gelu_sigmoid")]


class ResidualMissing(Family):
    """One or both residual paths dropped."""

    tag = "residual_missing"
    text = Text(
        "The residual connections are missing: add each sublayer's input to its output, "
        "x = norm(x + sublayer(x)) in a post-LN layer, x = x + sublayer(norm(x)) in a "
        "pre-LN one.",
        "缺少残差连接：要把每个子层的输入加到它的输出上：Post-LN 是 "
        "x = norm(x + sublayer(x))，Pre-LN 是 x = x + sublayer(norm(x))。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Around both sub-layers, around attention only, around the FFN only."""
        return [
            Member({"residual": "none"}),
            Member(
                {"residual": "attn"},
                Text(
                    "The residual connection around self-attention is missing: "
                    "x = norm1(x + self_attn(x, x, x, mask)).",
                    "自注意力子层缺少残差连接：x = norm1(x + self_attn(x, x, x, mask))。",
                ),
            ),
            Member(
                {"residual": "ffn"},
                Text(
                    "The residual connection around the feed-forward network is missing: "
                    "x = norm2(x + ffn(x)).",
                    "前馈子层缺少残差连接：x = norm2(x + ffn(x))。",
                ),
            ),
        ]


class PreLN(Family):
    """Normalising before each sub-layer."""

    tag = "pre_ln_instead_of_post_ln"
    text = Text(
        "You wrote a pre-LN layer. This problem is post-LN: x = norm(x + sublayer(x)).",
        "你写的是 Pre-LN。本题是 Post-LN：x = norm(x + sublayer(x))。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: pre-LN."""
        return [Member({"norm_order": "pre"})]


FAMILIES = [
    UnbiasedVariance(),
    EpsOutsideSqrt(),
    NormWrongAxis(),
    ReluMissing(),
    GeluInsteadOfRelu(),
    ResidualMissing(),
    PreLN(),
]
