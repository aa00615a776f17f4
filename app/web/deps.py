"""Request-scoped access to the app's state, and the grading call shared by routes."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import anyio
import anyio.to_thread
from fastapi import Depends, HTTPException, Path, Query, Request

from app import practice
from app.bank import Bank, Problem
from app.qa import Deck
from app.sandbox.pool import SandboxBusy, SandboxFailure, SandboxPool
from app.settings import Settings
from app.store import Store
from app.trusted.runner import HostError
from app.web.identity import Identity
from graders.result import GradeResult

log = logging.getLogger("shousi.grading")

RETRY_AFTER_SECONDS = 2
T = TypeVar("T")


def identity_of(request: Request) -> Identity:
    """The request's Identity (set by IdentityMiddleware)."""
    return request.state.identity


def store_of(request: Request) -> Store:
    """The learner-state database."""
    return request.app.state.store


def get_settings(request: Request) -> Settings:
    """The app's settings."""
    return request.app.state.settings


def get_bank(request: Request) -> Bank:
    """The loaded problem bank."""
    return request.app.state.bank


def get_pool(request: Request) -> SandboxPool:
    """The sandbox worker pool."""
    return request.app.state.pool


def get_deck(request: Request) -> Deck:
    """The loaded interview Q&A cards."""
    return request.app.state.deck


SettingsDep = Annotated[Settings, Depends(get_settings)]
DeckDep = Annotated[Deck, Depends(get_deck)]
BankDep = Annotated[Bank, Depends(get_bank)]
PoolDep = Annotated[SandboxPool, Depends(get_pool)]
# Row ids are 64-bit signed integers in both databases; a larger one is no row of ours
# (and SQLite raises OverflowError on it), so it is refused as a bad parameter (422).
MAX_ROW_ID = 2**63 - 1
RowId = Annotated[int, Path(ge=1, le=MAX_ROW_ID)]
RowIdQuery = Annotated[int | None, Query(ge=1, le=MAX_ROW_ID)]


def get_problem(problem_id: str, bank: BankDep) -> Problem:
    """The problem named in the path, or 404."""
    problem = bank.get(problem_id)
    if problem is None:
        raise HTTPException(404, f"unknown problem {problem_id!r}")
    return problem


ProblemDep = Annotated[Problem, Depends(get_problem)]


def limits_view(settings: Settings) -> dict[str, Any]:
    """The limits every submission runs under, as shown to users."""
    return {
        "cpu_seconds": settings.cpu_seconds,
        "wall_seconds": settings.wall_seconds,
        "memory_mb": settings.memory_mb,
        "output_mb": 1,
    }


def _refusal(request: Request) -> HTTPException | None:
    """The 429 a grading job gets at once, if its client or the queue is full; else None."""
    limiter: anyio.CapacityLimiter = request.app.state.grading_limiter
    retry = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    # A fair share first: one client (one address) may not fill every worker and the queue.
    share = request.app.state.settings.client_share()
    if request.app.state.client_load.get(_client(request), 0) >= share:
        return HTTPException(
            429,
            f"you already have {share} grading(s) running or waiting; "
            "wait for one to finish, then try again",
            headers=retry,
        )
    if limiter.available_tokens < 1:
        return HTTPException(
            429, "too many submissions are waiting; try again shortly", headers=retry
        )
    return None


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def run_limited(request: Request, work: Callable[[], T]) -> T:
    """Run blocking grading work off the event loop, in the bounded grading queue.

    Beyond the workers plus SHOUSI_QUEUE_LIMIT waiting jobs the answer is an immediate 429;
    a job that waited SHOUSI_QUEUE_SECONDS, or whose worker failed, gets a 503. Both carry
    Retry-After. Submissions and custom-input runs share this one queue.
    """
    refused = _refusal(request)
    if refused is not None:
        raise refused
    retry = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    load: dict[str, int] = request.app.state.client_load
    client = _client(request)
    load[client] = load.get(client, 0) + 1  # the event loop is one thread: no lock needed
    try:
        return await anyio.to_thread.run_sync(work, limiter=request.app.state.grading_limiter)
    except SandboxBusy:
        raise HTTPException(503, "all graders are busy; try again shortly", headers=retry) from None
    except SandboxFailure:
        raise HTTPException(
            503,
            "the grader failed while running this submission; please submit again",
            headers=retry,
        ) from None
    except HostError as exc:
        # An uploaded problem's own code failed drawing its hidden cases: not the code's fault.
        log.warning("%s", exc)
        raise HTTPException(
            503,
            f"this problem could not prepare its hidden cases ({exc}); please submit again "
            "later, and tell its author if it keeps happening",
            headers=retry,
        ) from None
    finally:
        load[client] -= 1
        if not load[client]:
            del load[client]


async def grade_and_keep(
    *,
    request: Request,
    problem: Problem,
    code: str,
    mode: str,
    pool: SandboxPool,
    settings: Settings,
    mock_id: int | None = None,
    request_key: str | None = None,
) -> tuple[GradeResult | None, int, dict[str, Any]]:
    """Store a submission for the request's learner, grade it, keep its verdict:
    (result, its id, the result document as kept, both languages' messages in it).

    It is stored before grading, so a crash mid-grading loses nothing (app.store.recovery);
    busy or failed graders (the 429 and 503 of `run_limited`) leave it kept, marked not
    graded, and counted in the learner's quota like any other. Over the quota it is
    QuotaExceeded, and nothing is stored. Raises MockError when `mock_id` names no
    running mock interview of this problem of theirs.

    With `request_key` (the request's Idempotency-Key), the same request sent again is the
    same submission: already graded, its document comes back (and no GradeResult); not yet,
    it is graded here. Raises KeyReused when the key came with another submission.
    """
    store, who = request.app.state.store, await request.state.identity.learner()
    instance, quota = request.app.state.instance, settings.quota()
    attempt = practice.Attempt(who.learner_id, problem, code, mode, mock_id, request_key)
    kept: list[int] = []
    earlier: list[dict[str, Any]] = []  # the result of the same request, graded before

    def keep() -> int:
        submission_id, document = practice.keep(store, attempt, instance=instance, quota=quota)
        kept.append(submission_id)
        earlier.extend([document] if document is not None else [])
        return submission_id

    refused = _refusal(request)
    if refused is not None:

        def keep_refused() -> None:
            submission_id = keep()
            if not earlier:
                practice.not_graded(store, submission_id, str(refused.detail))

        await anyio.to_thread.run_sync(keep_refused)
        if earlier:
            return None, kept[0], earlier[0]
        raise refused

    def work() -> tuple[GradeResult | None, dict[str, Any]]:
        # Store, grade and record in one trip to a thread: each trip costs a context switch
        # or two, and this runs for every submission.
        submission_id = keep()
        if earlier:
            return None, earlier[0]
        return practice.grade_kept(
            store,
            submission_id,
            attempt,
            pool=pool,
            wait_seconds=settings.queue_seconds,
            observe=request.app.state.metrics.observe,
        )

    try:
        result, document = await run_limited(request, work)
    except HTTPException as exc:
        if kept and not earlier:
            why = str(exc.detail)
            await anyio.to_thread.run_sync(lambda: practice.not_graded(store, kept[0], why))
        raise
    return result, kept[0], document
