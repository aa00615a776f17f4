"""The only door to a problem's own code (its reference, cases, mistakes and fixtures).

Four verbs, each asked of the problem's host when the problem is hosted (uploaded, or from
SHOUSI_PROBLEMS_DIRS: app.trusted.host), else run here on the built-in bank's own code:

- `fixed(problem)`: the cases of build_cases() with the reference's answers, kept;
- `draw(problem)`: a fresh draw of the hidden cases, prepared the same way;
- `custom(problem, case)`: a candidate's own inputs through the reference, always in a
  host runner (its memory capped there, whatever it allocates gone with the runner);
- `diagnose(problem, cases, messages)`: the known mistakes that explain a wrong answer.

`cases_for` is what a submission is graded on, `FRESH` keeps the fresh draws, and
`load_served` loads the bank a server serves. Every other room calls these; none calls
prepare, diagnosis, host or child itself.
"""

from __future__ import annotations

import secrets
import threading
import weakref
from pathlib import Path

from app.bank.loader import Bank, load_bank, load_texts
from app.bank.model import Problem, SourceRef
from app.trusted import diagnosis, host, prepare
from app.trusted.draws import FreshCases
from app.trusted.host import HostError
from app.trusted.model_size import ModelSize
from app.trusted.model_size import model_size as count_model
from app.trusted.prepare import PreparedCase, to_wire
from graders.case import Case
from graders.families import Explanation

__all__ = [
    "FRESH",
    "HostError",
    "PreparedCase",
    "cases",
    "cases_for",
    "close",
    "custom",
    "diagnose",
    "draw",
    "fixed",
    "load_hosted",
    "load_served",
    "model_size",
    "printed",
    "to_wire",
]

# One lock per problem: a slow problem (an upload's cases taking their time in the host)
# holds up only the requests for that problem.
_locks: dict[str, threading.Lock] = {}
_locks_lock = threading.Lock()
# By problem object (one reloaded under the same id starts afresh): its fixed cases with the
# reference's answers, and its cases alone.
_fixed: dict[int, list[PreparedCase]] = {}
_cases: dict[int, list[Case]] = {}


def fixed(problem: Problem) -> list[PreparedCase]:
    """Every fixed case of a problem (seed 0) with reference outputs; computed once, then kept.

    These are the samples shown on the page, and the hidden cases that `shousi problems
    validate` and the tests check. A submission meets fresh hidden cases instead (`cases_for`).
    """
    with _locks_lock:
        lock = _locks.setdefault(str(problem.path), threading.Lock())
    with lock:
        key = id(problem)
        if key not in _fixed:
            if problem.hosted:
                cases = host.BACKGROUND.call("fixed", problem.path)
            else:
                cases = prepare.prepare(problem, list(problem.build_cases()))
            _fixed[key] = cases
            weakref.finalize(problem, _fixed.pop, key, None)
        return _fixed[key]


def cases(problem: Problem) -> list[Case]:
    """The problem's fixed cases without reference outputs: cheap, and for a built-in problem
    it never waits for the start-up warm-up that computes those (a hosted one's come from it)."""
    with _locks_lock:
        key = id(problem)
        if key in _cases:
            return _cases[key]
    built = (
        [prepared.case for prepared in fixed(problem)]
        if problem.hosted
        else list(problem.build_cases())
    )
    with _locks_lock:
        if key not in _cases:
            _cases[key] = built
            weakref.finalize(problem, _cases.pop, key, None)
        return _cases[key]


def model_size(problem: Problem, init: dict, *, max_tensors: int) -> ModelSize:
    """What `problem.reference(**init)` would hold, counted on the meta device without
    allocating. Raises ValueError for a hosted problem (its code never runs here), and
    whatever the reference raises."""
    if problem.hosted:
        raise ValueError(f"{problem.id}: its reference runs only in its problem host")
    return count_model(problem.reference, init, max_tensors=max_tensors)


def draw(problem: Problem, *, background: bool = False) -> list[PreparedCase]:
    """A fresh draw of the hidden cases, prepared; background draws wait behind no candidate."""
    seed = secrets.randbits(40)
    if problem.hosted:
        chosen = host.BACKGROUND if background else host.INTERACTIVE
        return chosen.call("draw", problem.path, seed)
    return prepare.prepare(problem, prepare.fresh_hidden_cases(problem, seed))


FRESH = FreshCases(draw)


def cases_for(problem: Problem, mode: str) -> list[PreparedCase]:
    """What a submission is graded on: the samples, and for 'submit' fresh hidden cases.

    The samples come first, so that whatever the code prints before the first hidden case
    can be shown, and nothing after it.
    """
    cases = fixed(problem)
    samples = [c for c in cases if not c.case.hidden]
    if mode != "submit":
        return samples
    if not prepare.takes_seed(problem):  # an older cases.py: its hidden cases stay fixed
        return samples + [c for c in cases if c.case.hidden]
    return samples + FRESH.draw(problem)


def custom(problem: Problem, case: Case) -> PreparedCase:
    """A one-off case from a candidate's own inputs, with the reference's outputs.

    The reference runs in a runner of the problem host, every problem's, the built-in ones'
    too. An input the reference itself rejects raises (the caller reports it as a 422).
    """
    return host.INTERACTIVE.call("custom", problem.path, case)


def diagnose(problem: Problem, cases: list, messages: list[dict | None]) -> list[Explanation]:
    """The known mistakes that explain every case the submission got wrong.

    A hosted problem's reference and mistakes run in its host; if they fail there, nothing
    is named (the verdict stands, without a diagnosis).
    """
    if not problem.hosted:
        return diagnosis.diagnose(problem, cases, messages)
    if not diagnosis.wrong_cases(problem, cases, messages):
        return []
    try:
        return host.INTERACTIVE.call("diagnose", problem.path, cases, messages)
    except HostError as exc:
        diagnosis.log.warning("%s: no diagnosis: %s", problem.id, exc)
        return []


def printed(*, clear: bool = False) -> list[tuple[str, str, str]]:
    """What problems' own code printed lately, in both hosts: (request, folder name, text);
    with `clear`, forgotten once read."""
    lines = [*host.BACKGROUND.printed, *host.INTERACTIVE.printed]
    if clear:
        host.BACKGROUND.printed.clear()
        host.INTERACTIVE.printed.clear()
    return lines


def close() -> None:
    """Stop both hosts' supervisors (each starts again when next asked)."""
    host.BACKGROUND.close()
    host.INTERACTIVE.close()


def load_hosted(folder: Path) -> Problem:
    """A problem whose own code runs only in a host: texts from its folder, the rest asked."""
    problem = load_texts(folder)
    described = host.BACKGROUND.call("describe", folder)
    try:
        problem.reference = SourceRef.of(folder, described["reference"])
        problem.mistakes = {
            str(tag): SourceRef.of(folder, ref) for tag, ref in described["mistakes"].items()
        }
        problem.mistake_messages = {
            str(tag): {"en": str(text["en"]), "zh": str(text["zh"])}
            for tag, text in described["messages"].items()
        }
        problem.seeded = bool(described["seeded"])
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise HostError(f"the problem host described {folder.name} oddly: {exc}") from None
    problem.hosted = True
    return problem


def load_served(dirs: list[Path], builtin: Path) -> Bank:
    """The bank a server serves: `builtin` in this process, every other folder hosted."""
    bank = Bank()
    for root in dirs:
        loaded = load_bank([root], load=None if root == builtin else load_hosted)
        for problem_id, problem in loaded.problems.items():
            if problem_id in bank.problems:
                loaded.errors.append((problem.path, f"duplicate problem id {problem_id!r}"))
            else:
                bank.problems[problem_id] = problem
        bank.errors.extend(loaded.errors)
    return bank
