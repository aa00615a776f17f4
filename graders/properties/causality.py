"""Causality: a query never sees a later key."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from graders.compare import ReturnSpec, _fmt_index
from graders.families import Text
from graders.properties.core import Finding, first_difference
from graders.text import msg


@dataclass(frozen=True)
class Causality:
    """This case is case `base` with keys/values changed from sequence position `start` on."""

    base: str
    start: int
    kind: str = field(default="causality", init=False)
    label: ClassVar[Text] = Text(
        "changing later keys/values must not move earlier outputs (else the future leaks)",
        "改动靠后的键/值，前面位置的输出不能变（否则“未来信息泄漏”）",
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
        where = first_difference(spec, base[..., : self.start, :], this[..., : self.start, :])
        if where is None:
            return None
        at, before, after = _fmt_index(where), f"{base[where]:.6g}", f"{this[where]:.6g}"
        message = msg(
            f"the future leaks: changing only keys/values at positions ≥ {self.start} changed "
            f"`{name}` at query position {where[-2]} ({at}: {before} became {after}); "
            "a causal mask must stop each query from seeing later keys",
            f"因果性被破坏：只改动位置 ≥ {self.start} 的 key/value，却改变了 query 位置 "
            f"{where[-2]} 的 `{name}`（{at}：{before} 变成了 {after}）；"
            "因果掩码必须让每个 query 都看不到它后面的 key",
        )
        return Finding("causality", message, {"index": list(where), "start": self.start})


PROPERTIES = (Causality,)
