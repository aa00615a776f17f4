"""Trusted grading: cases, comparisons and verdicts. Nothing here runs user code."""

from graders.case import Case, Chunked, Fixture, Note
from graders.properties import Causality, Padding, Permutation, Stability, permute, perturb
from graders.result import CaseResult, GradeResult, Verdict

__all__ = [
    "Case",
    "CaseResult",
    "Causality",
    "Chunked",
    "Fixture",
    "GradeResult",
    "Note",
    "Padding",
    "Permutation",
    "Stability",
    "Verdict",
    "permute",
    "perturb",
]
