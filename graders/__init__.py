"""Trusted grading: cases, comparisons and verdicts. Nothing here runs user code."""

from graders.case import Case, Note
from graders.result import CaseResult, GradeResult, Verdict

__all__ = ["Case", "CaseResult", "GradeResult", "Note", "Verdict"]
