"""Grading results as values; `to_dict` gives the documented result document."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from graders.text import in_lang
from graders.variants import describe


class Verdict(StrEnum):
    """Verdicts in precedence order: the first that applies wins."""

    REJECTED = "rejected"
    TIME_LIMIT = "time_limit"
    MEMORY_LIMIT = "memory_limit"
    RUNTIME_ERROR = "runtime_error"
    WRONG_ANSWER = "wrong_answer"
    ACCEPTED = "accepted"


VERDICT_ORDER = list(Verdict)


@dataclass
class CaseResult:
    """One case: whether it passed, what was checked, and a message a person can act on."""

    name: str
    passed: bool
    kind: str
    message: str  # a graders.text.Msg: English, with its Chinese beside it
    hidden: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The case row of the result document, its message in `lang` ("en" or "zh")."""
        return {
            "name": self.name,
            "passed": self.passed,
            "kind": self.kind,
            "message": in_lang(self.message, lang),
            "hidden": self.hidden,
            **self.details,
        }


@dataclass
class GradeResult:
    """The verdict for a whole submission."""

    problem: str
    verdict: Verdict
    cases: list[CaseResult]
    duration_ms: int
    message: str = ""  # a graders.text.Msg, like each case's
    mode: str = "submit"
    diagnosis: list[str] = field(default_factory=list)
    # The message for each tag in `diagnosis`, {"en", "zh"}, where it is not the tag's default.
    diagnosis_texts: dict[str, dict[str, str]] = field(default_factory=dict)
    stdout: str = ""
    # The submission's attention weights beside the reference's (attention problems).
    attention: dict[str, Any] | None = None

    @property
    def accepted(self) -> bool:
        """True only for an accepted submission."""
        return self.verdict is Verdict.ACCEPTED

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The result document shared by the CLI (--json) and the HTTP API.

        Messages are in `lang` ("en" or "zh"); diagnosis_details carry both languages.
        """
        return {
            "problem": self.problem,
            "verdict": self.verdict.value,
            "mode": self.mode,
            "message": in_lang(self.message, lang),
            "passed": sum(case.passed for case in self.cases),
            "total": len(self.cases),
            "cases": [case.to_dict(lang) for case in self.cases],
            "diagnosis": list(self.diagnosis),
            "diagnosis_details": [
                {"tag": tag, **self.diagnosis_texts[tag]}
                if tag in self.diagnosis_texts
                else describe(tag)
                for tag in self.diagnosis
            ],
            "stdout": self.stdout,
            "attention": self.attention,
            "duration_ms": self.duration_ms,
        }
