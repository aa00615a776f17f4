"""Stability: large logits give no NaN or inf."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from graders.compare import ReturnSpec, _fmt_index
from graders.families import Text
from graders.properties.core import Finding
from graders.text import msg


@dataclass(frozen=True)
class Stability:
    """This case's logits are large (near ±1000): a naive exp overflows."""

    kind: str = field(default="stability", init=False)
    label: ClassVar[Text] = Text(
        "no NaN or inf for logits near ±1000", "logits 接近 ±1000 时不能出现 NaN/inf"
    )

    def check(
        self,
        spec: ReturnSpec,
        *,
        this: np.ndarray,
        base: np.ndarray | None,
        expected: np.ndarray,
    ) -> Finding | None:
        """The violation of this property by the submission's outputs, if any."""
        name = spec.name
        bad = ~np.isfinite(this) & np.isfinite(expected)
        if not bad.any():
            return None
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        count, at = int(bad.sum()), _fmt_index(where)
        message = msg(
            f"numerically unstable: {count} value(s) of `{name}` are NaN or infinite "
            f"for large logits (first at {at}); subtract each row's maximum "
            "before exp: softmax does not change, and exp no longer overflows",
            f"数值不稳定：logits 很大时，`{name}` 有 {count} 个值是 NaN 或无穷大（第一处在 {at}）；"
            "在 exp 之前先减去每行的最大值：softmax 的结果不变，exp 也不会再溢出",
        )
        return Finding("stability", message, {"nonfinite": count})


PROPERTIES = (Stability,)
