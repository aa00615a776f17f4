"""Permutation equivariance: unmasked self-attention has no notion of position."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from graders.compare import ReturnSpec, _fmt_index
from graders.families import Text
from graders.properties.core import Finding, first_difference
from graders.text import msg


@dataclass(frozen=True)
class Permutation:
    """This case is case `base` (unmasked self-attention) with its sequence reordered by `order`."""

    base: str
    order: tuple[int, ...]
    kind: str = field(default="permutation", init=False)
    label: ClassVar[Text] = Text(
        "reordering the sequence of unmasked self-attention reorders the output rows the same way",
        "无掩码自注意力中打乱序列，输出行按同样顺序打乱",
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
        permuted = base[..., list(self.order), :]
        where = first_difference(spec, permuted, this)
        if where is None:
            return None
        row, at = where[-2], _fmt_index(where)
        got, want = f"{this[where]:.6g}", f"{permuted[where]:.6g}"
        message = msg(
            f"not permutation-equivariant: reordering the sequence should reorder the rows of "
            f"`{name}` the same way, but row {row} (row {self.order[row]} before reordering) "
            f"differs at {at}: {got} instead of {want};"
            " unmasked self-attention has no notion of position",
            f"不满足置换等变性：打乱序列的顺序后，`{name}` 的各行应按同样的顺序打乱，但第 {row} 行"
            f"（打乱前的第 {self.order[row]} 行）在 {at} 处是 {got}，应为 {want}；"
            "无掩码的自注意力本身不感知位置",
        )
        return Finding("permutation", message, {"index": list(where)})


PROPERTIES = (Permutation,)
