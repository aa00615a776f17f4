"""The use cases that combine the store and the judge: keep, grade and record a submission,
grade again what a stopped server left pending, and choose a mock interview.

A route calls these and renders what comes back; nothing here sees a request, and nothing
below (store, judge, trusted, sandbox) knows these exist.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.bank import Bank, Problem
from app.judge.grade import grade_submission
from app.limits import Quota
from app.qa import Deck
from app.sandbox.pool import SandboxPool
from app.store import Store, mock, review
from app.store import history as stored
from graders.result import GradeResult

QUESTIONS = 3  # interview questions that go with a mock interview's problem
# Which Q&A topics go with a problem topic, when the problem's linked cards run out.
QA_TOPICS = {
    "masks": ("attention", "bugs"),
    "attention": ("attention", "multi-head", "efficiency"),
    "positional": ("positional", "embeddings"),
    "normalisation": ("normalization", "bugs"),
    "layers": ("ffn", "architecture", "multi-head"),
    "model": ("architecture", "training"),
    "training": ("training", "efficiency"),
    "alignment": ("alignment", "training"),
    "tokenisation": ("embeddings", "bugs"),
    "quantisation": ("inference", "efficiency"),
    "decoding": ("inference", "efficiency"),
}


@dataclass(frozen=True)
class Attempt:
    """One submission as a learner sends it."""

    learner_id: int
    problem: Problem
    code: str
    mode: str  # "run" (samples) or "submit" (fresh hidden cases too)
    mock_id: int | None = None
    request_key: str | None = None  # the request's Idempotency-Key


def keep(store: Store, attempt: Attempt, *, instance: str, quota: Quota) -> tuple[int, dict | None]:
    """Store the attempt before it is graded: (its id, the kept document of the same request
    graded before, if any). Raises QuotaExceeded, KeyReused or MockError, storing nothing."""
    who, problem = attempt.learner_id, attempt.problem
    if attempt.mock_id is not None:
        mock.open_for_submission(store, who, attempt.mock_id, problem.id)
    if attempt.request_key is None:
        submission_id = stored.create_pending(
            store,
            who,
            problem.id,
            attempt.mode,
            attempt.code,
            instance,
            attempt.mock_id,
            quota=quota,
        )
        return submission_id, None
    return stored.pending_for_key(
        store,
        who,
        problem.id,
        attempt.mode,
        attempt.code,
        instance,
        attempt.request_key,
        attempt.mock_id,
        quota,
    )


def grade_kept(
    store: Store,
    submission_id: int,
    attempt: Attempt,
    *,
    pool: SandboxPool,
    wait_seconds: float,
    observe: Callable[[str, str, float], None] | None = None,
) -> tuple[GradeResult, dict[str, Any]]:
    """Grade a kept attempt and record its verdict (and the review card it moves)."""
    problem, mode = attempt.problem, attempt.mode
    started = time.perf_counter()
    result = grade_submission(
        problem=problem, code=attempt.code, mode=mode, pool=pool, wait_seconds=wait_seconds
    )
    if observe is not None:
        observe(problem.id, result.verdict.value, time.perf_counter() - started)
    document = stored.stored_document(result)
    verdict = result.verdict.value
    stored.finish(
        store,
        submission_id,
        document,
        then=lambda session: review.on_submission_in(
            session, attempt.learner_id, problem.id, mode, verdict
        ),
    )
    return result, document


def not_graded(store: Store, submission_id: int, why: str) -> None:
    """Mark a kept attempt as not graded (busy or failed graders), saying why."""
    stored.give_up(store, submission_id, "not_graded", why)


def regrader(
    bank: Bank, pool: SandboxPool, wait_seconds: float
) -> Callable[[str, str, str], dict[str, Any] | None]:
    """Grading again, for submissions a stopped server left pending (app.store.recovery)."""

    def regrade(problem_id: str, code: str, mode: str) -> dict[str, Any] | None:
        problem = bank.get(problem_id)
        if problem is None:
            return None
        graded = grade_submission(
            problem=problem, code=code, mode=mode, pool=pool, wait_seconds=wait_seconds
        )
        return stored.stored_document(graded)

    return regrade


def choose_mock(
    bank: Bank, deck: Deck, solved: set[str], topic: str | None, rng: random.Random
) -> tuple[str, list[str]]:
    """A mock interview's problem (unsolved ones first) and QUESTIONS card ids to go with it."""
    problems = [p for p in bank.ordered() if topic is None or p.meta.topic == topic]
    if not problems:
        raise mock.MockError(f"no problem has the topic {topic!r}")
    fresh = [p for p in problems if p.id not in solved] or problems
    problem = rng.choice(fresh)
    chosen: list[str] = []
    for card in deck.linked(problem.id):
        if len(chosen) < QUESTIONS:
            chosen.append(card.id)
    topical = [
        card.id
        for card in deck.ordered()
        if card.topic in QA_TOPICS.get(problem.meta.topic, ()) and card.id not in chosen
    ]
    rng.shuffle(topical)
    chosen += topical[: QUESTIONS - len(chosen)]
    rest = [card.id for card in deck.ordered() if card.id not in chosen]
    rng.shuffle(rest)
    chosen += rest[: QUESTIONS - len(chosen)]
    return problem.id, chosen
