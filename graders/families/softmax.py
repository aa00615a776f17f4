"""softmax_wrong_axis and softmax_unstable, in the words of the problem they appear in."""

from __future__ import annotations

from collections.abc import Iterable

from graders.families import Explanation, Family, Member, Text, Trial

# Beyond this, exp(x) overflows float32 (88.7) or clipping and mean shifts start to matter.
LARGE_LOGIT = 40.0


def _has_axis(trial: Trial) -> bool:
    """A softmax problem of its own, whose contract takes `axis`."""
    return any(param.name == "axis" for param in trial.problem.signature.call)


class WrongAxis(Family):
    """Normalised over another axis, or over the whole array."""

    tag = "softmax_wrong_axis"
    text = Text(
        "Your softmax normalises over the wrong axis. Take it over the key axis (the last "
        "one), so that each query's weights sum to 1.",
        "你的 softmax 归一化的维度不对。应沿 key 轴（最后一维）做，使每个 query 的权重和为 1。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Every other axis, and the whole array."""
        if _has_axis(trial):
            yield Member(
                {"softmax_axis": -1},
                Text(
                    "Your softmax ignores its `axis` argument and always normalises over the "
                    "last axis. Normalise along `axis`.",
                    "你的 softmax 忽略了参数 `axis`，总是沿最后一维归一化。"
                    "应沿 `axis` 指定的维度做。",
                ),
            )
            yield Member(
                {"softmax_sum_axis": -1},
                Text(
                    "Your softmax shifts along `axis` but sums over the last axis. Take the "
                    "maximum and the sum along the same axis, `axis`.",
                    "你的 softmax 沿 `axis` 减最大值，却沿最后一维求和。"
                    "最大值和求和都应沿同一个维度 `axis`。",
                ),
            )
            yield Member(
                {"softmax_sum_axis": "all"},
                Text(
                    "Your softmax divides by the sum of the whole array. Sum along `axis`, "
                    "with keepdims, so that each slice along `axis` sums to 1.",
                    "你的 softmax 除以的是整个数组的和。应沿 `axis` 求和（keepdims），"
                    "使沿 `axis` 的每一片和为 1。",
                ),
            )
            for axis in (0, 1, 2, 3):
                yield Member(
                    {"softmax_axis": axis},
                    Text(
                        f"Your softmax normalises over axis {axis} where the case asks for "
                        "another. Use the `axis` argument; its default is -1 (the last axis).",
                        f"你的 softmax 沿第 {axis} 维归一化，而用例要求的是另一维。"
                        "请使用参数 `axis`，它的默认值是 -1（最后一维）。",
                    ),
                )
        else:
            yield Member(
                {"softmax_axis": -2},
                Text(
                    "Your softmax normalises over the query axis. Take it over the key axis "
                    "(the last one), so that each query's weights sum to 1.",
                    "你的 softmax 是沿 query 轴做的。应沿 key 轴（最后一维）做，"
                    "使每个 query 的权重和为 1。",
                ),
            )
            if trial.problem.meta.framework == "torch":
                yield Member(
                    {"softmax_axis": "implicit"},
                    Text(
                        "Your softmax has no dim, so PyTorch picks one (dim 0 or 1, a batch "
                        "or head axis, with a warning). Pass dim=-1: the key axis.",
                        "你的 softmax 没有指定 dim，PyTorch 会自己选一维（第 0 或第 1 维，"
                        "即 batch 或 head 维，并给出警告）。请传 dim=-1，也就是 key 轴。",
                    ),
                )
            yield Member(
                {"softmax_axis": "matrix"},
                Text(
                    "Your softmax normalises each whole [Lq, Lk] matrix at once. Normalise "
                    "each query's row over the keys (the last axis).",
                    "你的 softmax 把整个 [Lq, Lk] 矩阵一起归一化了。"
                    "应对每个 query 的那一行沿 key 轴（最后一维）归一化。",
                ),
            )
            for axis in (0, 1):
                yield Member(
                    {"softmax_axis": axis},
                    Text(
                        f"Your softmax normalises over axis {axis}, a batch or head axis. Take "
                        "it over the key axis (the last one).",
                        f"你的 softmax 沿第 {axis} 维（batch 或 head 维）归一化。"
                        "应沿 key 轴（最后一维）做。",
                    ),
                )
        yield Member(
            {"softmax_axis": "all"},
            Text(
                "Your softmax normalises the whole array at once. Normalise each row along "
                + ("`axis`." if _has_axis(trial) else "the key axis (the last one)."),
                "你的 softmax 把整个数组一起归一化了。应按行"
                + ("沿 `axis` 归一化。" if _has_axis(trial) else "沿 key 轴（最后一维）归一化。"),
            ),
        )


class Unstable(Family):
    """Right on moderate logits, wrong or non-finite where exp would overflow."""

    tag = "softmax_unstable"
    fallback = True
    text = Text(
        "Your softmax is right on moderate values but breaks on large ones (around ±1000), "
        "where exp overflows or every term underflows to 0. Subtract each row's maximum "
        "before exp: softmax is unchanged by the shift and exp never sees a positive number.",
        "你的 softmax 在普通数值上是对的，但在很大的输入（±1000 左右）上出错：exp 上溢，"
        "或者所有项都下溢成 0。取 exp 之前先减去每行的最大值：平移不改变 softmax，"
        "而 exp 的输入就不会是正数。",
    )

    def explain(self, trial: Trial) -> Explanation | None:
        """Right on some cases, and wrong only where the logits are large.

        A mask's -1e9 counts as large (a mean or min shift overflows on it), but then the
        result must also have overflowed: a wrong mask is not an unstable softmax.
        """
        if not trial.passed_some():
            return None
        largest = [trial.largest_logits(index) for index in range(len(trial.wrong))]
        if all(scores >= LARGE_LOGIT for _, scores in largest) or (
            all(values >= LARGE_LOGIT for values, _ in largest) and trial.nonfinite()
        ):
            return Explanation(self.tag, self.text)
        return None


FAMILIES = [WrongAxis(), Unstable()]
