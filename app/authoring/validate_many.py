"""Validating many problems at once: on every core, and through the cache.

The cut is the problem. Each of `jobs` processes has a sandbox pool of its own with one
worker, on a slot (so a uid) of its own, and validates whole problems with
`validate_problem`, as one `shousi problems validate` process does. The trusted half of
validation (reference outputs, fresh draws of hidden cases, diagnosis) is Python run in the
validating process, so processes, not threads sharing one interpreter, are what spreads it
over the cores. They are started fresh (`spawn`): a fork would copy this process's threads'
locks (torch's, the problem host's) in whatever state they were. With one job, or one
problem left to run, everything runs here, on one worker, as it always has.

Problems whose passing validation is in the cache (app.authoring.validate_cache) are not
run; the longest (most forms and mistakes) are started first, so no long one is left for
the end.
"""

from __future__ import annotations

import atexit
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import TracebackType
from typing import Any

from app.authoring.validate import Validation, validate_problem
from app.authoring.validate_cache import ValidationCache, code_digest, versions
from app.bank import load_bank
from app.bank.model import Problem
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from app.trusted import runner

_POOL: SandboxPool | None = None  # a validating process's own sandbox worker
# Fresh draws a validating process keeps ready per problem. A server keeps more, to serve
# candidates at once; validation grades one submission at a time, and a form that missed
# its diagnosis is regraded on draws made for it (app.authoring.validate).
DRAWS_KEPT = 3


def _start_process(settings: Settings, slots: Any) -> None:
    """In a new validating process: start its sandbox worker on the next free slot."""
    global _POOL
    runner.FRESH.size = DRAWS_KEPT
    _POOL = build_pool(settings, size=1, first_slot=slots.get())
    _POOL.start()
    atexit.register(_stop_process, _POOL)


def _stop_process(pool: SandboxPool) -> None:
    pool.close()
    runner.close()


def _validate_folder(folder: Path, contained: bool) -> Validation:
    """In a validating process: load one problem folder and validate it."""
    runner.printed(clear=True)
    bank = load_bank([folder], load=runner.load_hosted if contained else None)
    if bank.errors or len(bank.problems) != 1:
        reasons = [f"cannot be loaded: {reason}" for _, reason in bank.errors]
        report = Validation(folder.name, folder, problems=reasons or ["no problem found"])
    else:
        (problem,) = bank.problems.values()
        report = validate_problem(problem, _POOL)
        runner.FRESH.forget(problem.id)  # else its used draws would still be replaced
    report.printed = runner.printed()
    return report


def _cost(problem: Problem) -> int:
    """Roughly how many gradings validating the problem takes."""
    forms = problem.path / "forms"
    return len(problem.mistakes) + (len(list(forms.iterdir())) if forms.is_dir() else 0)


class BankValidation:
    """The validations of some problems, each from the cache or run in one of `jobs` processes.

    Raises SandboxUnavailable at once if the sandbox cannot be had. `result(id)` waits for
    one problem's validation; use it as a context manager, which stops the processes.
    """

    def __init__(
        self,
        problems: Sequence[Problem],
        *,
        settings: Settings,
        jobs: int = 1,
        contained: bool = False,
        cache_dir: Path | None = None,
        first_slot: int = 0,
    ) -> None:
        self._problems = {problem.id: problem for problem in problems}
        self._pool = build_pool(settings, size=1, first_slot=first_slot)  # probes the layers
        self._pool_started = False
        self._contained = contained
        self._cache = None
        if cache_dir is not None:
            terms = {
                "code": code_digest(),
                "versions": versions(),
                "limits": settings.sandbox_limits().to_dict(),
                "layers": sorted(self._pool.layers.active),
                "contained": contained,
            }
            self._cache = ValidationCache(cache_dir, terms)
        self._keys: dict[str, str] = {}
        self._done: dict[str, Validation] = {}
        for problem in problems:
            if self._cache is None:
                continue
            key = self._keys[problem.id] = self._cache.key(problem.path)
            found = self._cache.get(problem.path, key)
            if found is not None and found.problem_id == problem.id:
                self._done[problem.id] = found
        todo = [problem for problem in problems if problem.id not in self._done]
        self.jobs = max(1, min(jobs, len(todo)))
        self._futures: dict[str, Future[Validation]] = {}
        self._executor: ProcessPoolExecutor | None = None
        if self.jobs > 1:
            context = multiprocessing.get_context("spawn")
            slots = context.Queue()
            for slot in range(first_slot, first_slot + self.jobs):
                slots.put(slot)
            self._executor = ProcessPoolExecutor(
                self.jobs, context, initializer=_start_process, initargs=(settings, slots)
            )
            for problem in sorted(todo, key=_cost, reverse=True):
                self._futures[problem.id] = self._executor.submit(
                    _validate_folder, problem.path, contained
                )

    def result(self, problem_id: str) -> Validation:
        """The validation of one problem (waits for it, or runs it here with one job)."""
        if problem_id in self._done:
            return self._done[problem_id]
        problem = self._problems[problem_id]
        if problem_id in self._futures:
            try:
                report = self._futures[problem_id].result()
            except BrokenProcessPool as exc:
                report = Validation(
                    problem_id, problem.path, problems=[f"the validating process died: {exc}"]
                )
        else:
            if not self._pool_started:
                self._pool.start()
                self._pool_started = True
            report = validate_problem(problem, self._pool)
            runner.FRESH.forget(problem_id)  # else its used draws would still be replaced
        # Kept only if the folder is still what was hashed before the run.
        if self._cache is not None and self._cache.key(problem.path) == self._keys[problem_id]:
            self._cache.put(report, self._keys[problem_id])
        self._done[problem_id] = report
        return report

    def close(self) -> None:
        """Stop the validating processes and the sandbox worker."""
        if self._executor is not None:
            self._executor.shutdown(cancel_futures=True)
        if self._pool_started:
            self._pool.close()

    def __enter__(self) -> BankValidation:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
