"""Watch torch for the softmax a piece of code computes: its attention weights.

Used on both sides: in the sandboxed child around the submission (to show the candidate
their own weights), and in the trusted process around the reference. Nothing is graded on
it; it only feeds the attention-weights view and the weight properties.
"""

from __future__ import annotations

from typing import Any

import torch
from torch.overrides import TorchFunctionMode

# torch.softmax, F.softmax, Tensor.softmax and nn.Softmax all arrive as "softmax".
_SOFTMAX_NAMES = frozenset({"softmax", "special_softmax"})


class SoftmaxCapture(TorchFunctionMode):
    """Keeps the output of the last softmax computed while active (function modes are
    per-thread, so concurrent gradings in the trusted process do not see each other)."""

    def __init__(self) -> None:
        super().__init__()
        self.last: torch.Tensor | None = None

    def __torch_function__(
        self, func: Any, types: Any, args: tuple = (), kwargs: dict | None = None
    ) -> Any:
        """Run `func`; remember its result if it is a softmax."""
        out = func(*args, **(kwargs or {}))
        if getattr(func, "__name__", "") in _SOFTMAX_NAMES and type(out) is torch.Tensor:
            self.last = out
        return out


class SoftmaxRecorder:
    """The sandboxed child's capture: softmax entry points wrapped in place.

    A function mode would put Python in front of every torch call (30% slower grading of
    a module); wrapping only the softmax functions costs nothing elsewhere. The child is
    thrown away after its job, so nothing needs restoring.
    """

    def __init__(self) -> None:
        self.last: torch.Tensor | None = None
        self.active = False

    def install(self) -> None:
        """Wrap torch.softmax, F.softmax, Tensor.softmax and torch.special.softmax."""
        functional = torch.nn.functional
        for owner, name in (
            (torch, "softmax"),
            (functional, "softmax"),
            (torch.Tensor, "softmax"),
            (torch.special, "softmax"),
        ):
            setattr(owner, name, self._wrap(getattr(owner, name)))

    def _wrap(self, original: Any) -> Any:
        def softmax(*args: Any, **kwargs: Any) -> Any:
            out = original(*args, **kwargs)
            if self.active and type(out) is torch.Tensor:
                self.last = out
            return out

        return softmax
