"""Families of mistakes: each recognises one classic mistake however it is written.

A family does not look at code. It asks the trusted grader to rerun the reference with a
knob turned (reference_impl.knobs: no scale, the mask inverted, heads split head-first, ...)
and to compare that with the candidate's outputs on the cases they got wrong. A family
whose knob reproduces every wrong case names the mistake, with a message that fits the
problem (and, for a fitted quantity such as the scale, says what was found).

One module per family, registered in FAMILIES by its tag. An instructor adds one by writing
a module here with a `FAMILY` and listing its tag in a problem's `[diagnosis] families`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Text:
    """A message in both languages."""

    en: str
    zh: str


@dataclass(frozen=True)
class Member:
    """One way of making the family's mistake: knob settings and what to tell the candidate.

    `forms` are knob settings that a person may equally have written (masked_fill or an
    additive mask); positions where they disagree (a fully blocked row) are not compared.
    """

    knobs: dict[str, Any]
    text: Text | None = None
    forms: tuple[dict[str, Any], ...] = ({},)


@dataclass(frozen=True)
class Explanation:
    """A recognised mistake: its tag and the message for this submission."""

    tag: str
    text: Text
    knobs: dict[str, Any] = field(default_factory=dict)


class Trial(Protocol):
    """What the grader offers a family: the wrong cases, and reruns of the reference."""

    problem: Any

    def reproduces(self, member: Member) -> bool:
        """Whether the reference with these knobs gives the candidate's outputs on every
        wrong case."""

    def dims(self) -> dict[str, int]:
        """Sizes of the first wrong case: d_k, L_k, d_model where the problem has them."""

    def fit(self, knob: str, *, low: float, high: float) -> float | None:
        """The value of a numeric knob that best reproduces the first wrong case."""

    def largest_logits(self, index: int) -> tuple[float, float]:
        """The largest |value| the reference's softmax saw on wrong case `index`: of all
        values, and of those that are not mask fills (-1e9)."""

    def nonfinite(self) -> bool:
        """Whether a wrong case came back with NaN or infinity where the answer is finite."""

    def passed_some(self) -> bool:
        """Whether the submission got at least one case right."""

    def low_precision(self) -> str | None:
        """The half-precision dtype a wrong case came back in, if one did."""

    wrong: list


class Family:
    """Recognises one mistake by trying its members in order; subclasses may fit instead."""

    tag: str = ""
    text: Text = Text("", "")
    # Consulted only when no other family explains the wrong cases (a weaker signal).
    fallback: bool = False

    def members(self, trial: Trial) -> Iterable[Member]:
        """The knob settings that make this mistake on this problem."""
        return ()

    def explain(self, trial: Trial) -> Explanation | None:
        """The first member that reproduces every wrong case, said in the family's words."""
        for member in self.members(trial):
            if trial.reproduces(member):
                return Explanation(self.tag, member.text or self.text, member.knobs)
        return None


def _load() -> dict[str, Family]:
    families: dict[str, Family] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for family in getattr(module, "FAMILIES", ()):
            families[family.tag] = family
    return families


FAMILIES: dict[str, Family] = _load()
