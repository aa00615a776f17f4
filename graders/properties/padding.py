"""Padding: what the mask blocks cannot change the output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from graders.compare import ReturnSpec, _fmt_index
from graders.families import Text
from graders.properties.core import Finding, first_difference
from graders.text import msg


@dataclass(frozen=True)
class Padding:
    """This case is case `base` with only the positions its mask blocks changed."""

    base: str
    kind: str = field(default="padding", init=False)
    label: ClassVar[Text] = Text(
        "changing keys/values the mask blocks must not change the output",
        "改动被掩码屏蔽的键/值，输出不能变",
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
        if base is None or base.shape != this.shape or this.ndim < 2:
            return None
        where = first_difference(spec, base, this)
        if where is None:
            return None
        at, before, after = _fmt_index(where), f"{base[where]:.6g}", f"{this[where]:.6g}"
        message = msg(
            f"padding leaks: changing only keys/values that the mask blocks changed `{name}` "
            f"at {at} ({before} became {after}); blocked "
            "positions must get zero attention weight",
            f"padding 泄漏：只改动被掩码屏蔽的 key/value，却改变了 `{name}` 在 {at} 处的值"
            f"（{before} 变成了 {after}）；被屏蔽的位置的注意力权重必须为 0",
        )
        return Finding("padding", message, {"index": list(where)})


PROPERTIES = (Padding,)
