"""The problem bank: folders on disk with fixed file names, validated at start-up."""

from app.problems.bank import Bank, LoadError, load_bank
from app.problems.model import Problem, ProblemMeta

__all__ = ["Bank", "LoadError", "Problem", "ProblemMeta", "load_bank"]
