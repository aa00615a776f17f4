"""What a problem IS, read from its folder (problem.toml, texts, fixed file names).

Rule: bank describes; it imports a problem's files (the built-in bank's) but calls nothing
in them, and no other room sets a Problem's private state. It imports only the ground
(settings, limits, codec, graders).
"""

from app.bank.loader import Bank, LoadError, load_bank
from app.bank.model import Problem, ProblemMeta

__all__ = ["Bank", "LoadError", "Problem", "ProblemMeta", "load_bank"]
