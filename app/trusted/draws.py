"""Fresh hidden cases: a small rotating set of draws per problem, refilled in the background.

A table of answers learnt from earlier submissions is worth nothing against cases that did
not exist before. The draws themselves are made through app.trusted.runner (in a problem's
host when it is hosted); this module only keeps and rotates them.
"""

from __future__ import annotations

import atexit
import logging
import random
import threading
import time
from collections.abc import Callable

from app.bank.model import Problem
from app.trusted.host import HostError
from app.trusted.prepare import PreparedCase, takes_seed

log = logging.getLogger("shousi.cases")

FAILED_SECONDS = 60.0


class DrawFailed(HostError):
    """A problem's hidden cases could not be drawn a moment ago: not tried again yet."""


class FreshCases:
    """Hidden cases drawn afresh (new seeds), kept in a small rotating set per problem.

    A table of answers learnt from earlier submissions is worth nothing against cases that
    did not exist before. Each problem keeps `size` draws; a submission gets one of them at
    random, and a draw used `uses` times is replaced by a new one in a background thread.
    So a draw serves a handful of submissions, and the work of drawing (the reference's
    outputs and gradients) stays a small share of grading, under load too.
    """

    def __init__(
        self, draw: Callable[..., list[PreparedCase]], *, size: int = 8, uses: int = 8
    ) -> None:
        self._draw_one = draw  # draw(problem, background=...): app.trusted.runner.draw
        self.size, self.uses = size, uses
        self._draws: dict[str, list[list[PreparedCase]]] = {}
        self._used: dict[int, int] = {}
        self._problems: dict[str, Problem] = {}
        self._random = random.SystemRandom()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        # Problems whose last on-the-spot draw failed: (the problem, when, why). For a while
        # their submissions fail at once, rather than each holding a grading slot as long
        # as the failure took (an uploaded problem's draw may run to its time limit).
        self._failed: dict[str, tuple[Problem, float, str]] = {}

    def draw(self, problem: Problem) -> list[PreparedCase]:
        """Fresh hidden cases for one submission to `problem`."""
        with self._wake:
            self._adopt(problem)
            draws = self._draws[problem.id]
            if draws:
                cases = self._random.choice(draws)
                self._used[id(cases)] = self._used.get(id(cases), 0) + 1
                if self._used[id(cases)] >= self.uses:
                    # Retired (by identity: cases compare arrays): a new draw replaces it.
                    draws[:] = [d for d in draws if d is not cases]
                    self._used.pop(id(cases), None)
                self._start()
                self._wake.notify()
                return cases
        # Nothing drawn yet for this problem (the first submission): draw on the spot.
        failed = self._failed.get(problem.id)
        if failed and failed[0] is problem and time.monotonic() - failed[1] < FAILED_SECONDS:
            raise DrawFailed(f"{failed[2]}, a moment ago")
        try:
            cases = self._draw_one(problem, background=False)
        except Exception as exc:
            with self._wake:  # forget it until it is asked for again: it holds no draws
                if self._problems.get(problem.id) is problem and not self._draws[problem.id]:
                    del self._problems[problem.id], self._draws[problem.id]
                self._failed[problem.id] = (problem, time.monotonic(), str(exc))
            raise
        self._failed.pop(problem.id, None)
        with self._wake:
            self._adopt(problem)
            self._draws[problem.id].append(cases)
            self._used[id(cases)] = 1
            self._start()
            self._wake.notify()
        return cases

    def _adopt(self, problem: Problem) -> None:
        """Hold draws for this very problem: one reloaded under the same id starts afresh."""
        if self._problems.get(problem.id) is not problem:
            self._problems[problem.id] = problem
            self._draws[problem.id] = []

    def forget(self, problem_id: str) -> None:
        """Hold and draw no more for a problem (unpublished); a draw under way is dropped."""
        with self._wake:
            self._problems.pop(problem_id, None)
            self._draws.pop(problem_id, None)
            self._failed.pop(problem_id, None)

    def readiness(self) -> dict[str, int]:
        """Draws held and draws wanted, over every problem: start-up is done when equal."""
        with self._wake:
            ready = sum(len(draws) for draws in self._draws.values())
            return {"ready": ready, "wanted": self.size * len(self._draws)}

    def ready_count(self, problem_id: str) -> int:
        """Draws currently held for a problem."""
        with self._wake:
            return len(self._draws.get(problem_id, ()))

    def fill(self, problems: list[Problem]) -> None:
        """Have draws prepared for these problems from now on (in the background)."""
        with self._wake:
            for problem in problems:
                if takes_seed(problem):
                    self._adopt(problem)
            self._start()
            self._wake.notify()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="fresh-cases", daemon=True)
            self._thread.start()
            # A daemon thread inside a torch kernel when the interpreter exits aborts the
            # process ("terminate called without an active exception"): stop it first.
            atexit.register(self.stop)

    def stop(self) -> None:
        """Let the background thread finish the draw it is making, and end."""
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def _missing(self) -> Problem | None:
        for problem_id, draws in self._draws.items():
            if len(draws) < self.size:
                return self._problems[problem_id]
        return None

    def _run(self) -> None:
        while True:
            with self._wake:
                problem = self._missing()
                while problem is None and not self._stopping:
                    self._wake.wait()
                    problem = self._missing()
                if self._stopping:
                    return
            try:
                cases = self._draw_one(problem, background=True)
            except Exception:  # noqa: BLE001 - one broken problem must not stop the others
                log.exception("fresh hidden cases of %s could not be prepared", problem.id)
                with self._wake:
                    self._draws.pop(problem.id, None)
                    self._problems.pop(problem.id, None)
                continue
            with self._wake:
                if self._problems.get(problem.id) is problem:  # not replaced meanwhile
                    self._draws[problem.id].append(cases)
