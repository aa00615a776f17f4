"""missing_scale and wrong_scale: fit the factor the scores were multiplied by.

The knob `scale` replaces 1/√d_k. A factor of 1 is `missing_scale`; a factor that equals a
familiar wrong expression (1/d_k, 1/√L_k, 1/√d_model, ...) is `wrong_scale` and the message
names it; any other single factor that reproduces every wrong case is `wrong_scale` too,
with the number found.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from graders.families import Explanation, Family, Member, Text, Trial

Factor = Callable[[dict[str, int]], float]


def _named(dims: dict[str, int]) -> list[tuple[Factor, Text]]:
    """Familiar wrong factors, with what to say when one is found."""
    d_k, l_k = dims.get("d_k", 0), dims.get("L_k", 0)
    root = f"√d_k = {math.sqrt(d_k):.4g}" if d_k else "√d_k"
    found: list[tuple[Factor, Text]] = [
        (
            lambda dims: 1.0 / dims["d_k"],
            Text(
                f"You divide the scores by d_k = {d_k}; divide by {root} instead.",
                f"你把分数除以了 d_k = {d_k}；应该除以 {root}。",
            ),
        ),
        (
            lambda dims: math.sqrt(dims["d_k"]),
            Text(
                f"You multiply the scores by {root}; divide by it instead.",
                f"你把分数乘以了 {root}；应该是除以它。",
            ),
        ),
        (
            lambda dims: 1.0 / math.sqrt(dims["L_k"]),
            Text(
                f"You divide the scores by √L_k = {math.sqrt(l_k or 1):.4g}, the root of the "
                f"number of keys; the scale comes from the feature size: divide by {root}.",
                f"你把分数除以了 √L_k = {math.sqrt(l_k or 1):.4g}（key 个数的平方根）；"
                f"缩放看的是特征维度，应除以 {root}。",
            ),
        ),
    ]
    d_v = dims.get("d_v", 0)
    if d_v and d_v != d_k:
        found.append(
            (
                lambda dims: 1.0 / math.sqrt(dims["d_v"]),
                Text(
                    f"You divide the scores by √d_v = {math.sqrt(d_v):.4g}, the size of the "
                    f"values; the scores are dot products of queries and keys: divide by {root}.",
                    f"你把分数除以了 √d_v = {math.sqrt(d_v):.4g}（value 的维度）；"
                    f"分数是 query 和 key 的点积，应除以 {root}。",
                ),
            )
        )
    d_model = dims.get("d_model")
    if d_model and d_model != d_k:
        found += [
            (
                lambda dims: 1.0 / math.sqrt(dims["d_model"]),
                Text(
                    f"You divide the scores by √d_model = {math.sqrt(d_model):.4g}. Each head "
                    f"attends in d_k = d_model / h = {d_k} dimensions: divide by {root}.",
                    f"你把分数除以了 √d_model = {math.sqrt(d_model):.4g}。每个头只在 "
                    f"d_k = d_model / h = {d_k} 维上做注意力，应除以 {root}。",
                ),
            ),
            (
                lambda dims: 1.0 / dims["d_model"],
                Text(
                    f"You divide the scores by d_model = {d_model}; divide by {root} "
                    f"(d_k = d_model / h = {d_k}).",
                    f"你把分数除以了 d_model = {d_model}；应除以 {root}"
                    f"（d_k = d_model / h = {d_k}）。",
                ),
            ),
        ]
    return found


class MissingScale(Family):
    """The scores are not scaled at all."""

    tag = "missing_scale"
    text = Text(
        "Your output equals attention without the 1/√d_k scale. Divide the scores QKᵀ by "
        "√d_k before the softmax.",
        "你的输出等于没有除以 √d_k 的注意力。在 softmax 之前把分数 QKᵀ 除以 √d_k。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: a factor of 1."""
        return [Member({"scale": 1.0})]


class WrongScale(Family):
    """The scores are scaled, by the wrong factor."""

    tag = "wrong_scale"
    text = Text(
        "Your scores are scaled by the wrong factor. The scale is 1/√d_k.",
        "你的分数缩放因子不对。缩放因子应为 1/√d_k。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """The familiar wrong factors, each with its own message."""
        return [Member({"scale": f}, text) for f, text in _named(trial.dims())]

    def explain(self, trial: Trial) -> Explanation | None:
        """A familiar factor, or else a fitted constant that reproduces every wrong case."""
        named = super().explain(trial)
        if named is not None:
            return named
        factor = trial.fit("scale", low=1e-4, high=1e2)
        if factor is None or abs(factor - 1.0) < 1e-3:
            return None
        d_k = trial.dims().get("d_k", 0)
        if d_k and abs(factor * math.sqrt(d_k) - 1) < 1e-3:
            return None  # the right factor: something else is wrong
        member = Member({"scale": factor})
        if not trial.reproduces(member):
            return None
        right = f"1/√d_k = {1 / math.sqrt(d_k):.4g}" if d_k else "1/√d_k"
        divisor = f" (you divide by {1 / factor:.4g})" if factor < 1 else ""
        zh_divisor = f"（相当于除以 {1 / factor:.4g}）" if factor < 1 else ""
        return Explanation(
            self.tag,
            Text(
                f"Your scores are multiplied by {factor:.4g}{divisor}; the scale is {right}.",
                f"你的分数被乘以了 {factor:.4g}{zh_divisor}；缩放因子应为 {right}。",
            ),
            member.knobs,
        )


FAMILIES = [MissingScale(), WrongScale()]
