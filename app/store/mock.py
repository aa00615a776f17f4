"""Mock interviews: one problem and three questions against the clock, then a report.

A session picks a problem (one the learner has not solved yet where it can) and three Q&A
cards: those that practise that problem first, then cards of the matching topics. The
problem part is done on the problem page in mock mode (hints, editorial and the attention
view hidden); submissions made there carry the session's id. Each question's answer is
typed and self-rated. The session ends when the learner finishes it or its time is up;
the report gives the time spent on each part, the attempts and verdicts, and the ratings.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from app.store import Store, review
from app.store.models import MockSession, Submission, utcnow

MIN_MINUTES, MAX_MINUTES = 5, 180
DEFAULT_MINUTES = 30  # a mock interview started without "minutes"
MAX_ANSWER = 20_000
RATINGS = ("again", "hard", "good", "easy")
log = logging.getLogger(__name__)


class MockError(ValueError):
    """A mock-interview request that cannot be done, with a message for the learner."""


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def start(
    store: Store, learner_id: int, problem_id: str, questions: list[str], minutes: int
) -> dict[str, Any]:
    """Begin a session now; the session as `view` gives it."""
    if not MIN_MINUTES <= minutes <= MAX_MINUTES:
        raise MockError(f"a mock interview lasts {MIN_MINUTES} to {MAX_MINUTES} minutes")
    now = utcnow()
    with store.session() as session:
        row = MockSession(
            learner_id=learner_id,
            problem_id=problem_id,
            questions=questions,
            started_at=now,
            ends_at=now + timedelta(minutes=minutes),
            answers={},
        )
        session.add(row)
        session.flush()
        return _view(row, [])


def _own(session: Any, learner_id: int, mock_id: int) -> MockSession | None:
    row = session.get(MockSession, mock_id)
    return row if row is not None and row.learner_id == learner_id else None


def _submissions(session: Any, mock_id: int) -> list[Submission]:
    query = select(Submission).where(Submission.mock_id == mock_id).order_by(Submission.id)
    return list(session.scalars(query))


def _close_if_over(row: MockSession, now: datetime) -> None:
    if row.finished_at is None and now >= row.ends_at:
        row.finished_at = row.ends_at


def view(store: Store, learner_id: int, mock_id: int) -> dict[str, Any] | None:
    """The learner's session (closed if its time is up), with its report once it ended."""
    with store.session() as session:
        row = _own(session, learner_id, mock_id)
        if row is None:
            return None
        _close_if_over(row, utcnow())
        return _view(row, _submissions(session, mock_id))


def listing(store: Store, learner_id: int) -> list[dict[str, Any]]:
    """The learner's sessions, newest first, in brief."""
    now = utcnow()
    with store.session() as session:
        rows = session.scalars(
            select(MockSession)
            .where(MockSession.learner_id == learner_id)
            .order_by(MockSession.id.desc())
            .limit(100)
        )
        out = []
        for row in rows:
            _close_if_over(row, now)
            out.append(
                {
                    "id": row.id,
                    "problem": row.problem_id,
                    "started_at": _iso(row.started_at),
                    "ends_at": _iso(row.ends_at),
                    "finished_at": _iso(row.finished_at),
                }
            )
        return out


def open_for_submission(store: Store, learner_id: int, mock_id: int, problem_id: str) -> None:
    """Check that a submission may count for this session (the learner's, running, same
    problem); MockError saying why not."""
    with store.session() as session:
        row = _own(session, learner_id, mock_id)
        if row is None:
            raise MockError(f"no mock interview {mock_id} of yours")
        _close_if_over(row, utcnow())
        if row.finished_at is not None:
            raise MockError("this mock interview has ended; its report is on /mock")
        if row.problem_id != problem_id:
            raise MockError(f"this mock interview's problem is {row.problem_id!r}")


def answer(
    store: Store,
    learner_id: int,
    mock_id: int,
    n: int,
    text: str,
    rating: str | None,
    seconds: int,
) -> dict[str, Any]:
    """Keep the answer to question n (from 1) and its self-rating; the session."""
    if rating is not None and rating not in RATINGS:
        raise MockError(f'"rating" must be one of {", ".join(RATINGS)}')
    if len(text) > MAX_ANSWER:
        raise MockError(f"an answer is at most {MAX_ANSWER} characters")
    with store.session() as session:
        row = _own(session, learner_id, mock_id)
        if row is None:
            raise LookupError(mock_id)
        if not 1 <= n <= len(row.questions):
            raise MockError(f"this mock interview has {len(row.questions)} questions")
        now = utcnow()
        _close_if_over(row, now)
        if row.finished_at is not None:
            raise MockError("this mock interview has ended: answers can no longer change")
        limit = int((row.ends_at - row.started_at).total_seconds())
        answers = dict(row.answers or {})
        previous = answers.get(str(n)) or {}
        answers[str(n)] = {
            "text": text,
            "rating": rating,
            "seconds": max(0, min(int(seconds), limit)),
            "answered_at": _iso(now),
        }
        row.answers = answers  # a new dict: JSON columns see only reassignment
        if rating is not None and not previous.get("rating"):
            _review_card(session, learner_id, row.questions[n - 1], rating, now)
        return _view(row, _submissions(session, mock_id))


def _review_card(session: Session, learner_id: int, card: str, rating: str, now: datetime) -> None:
    """A question's first self-rating reviews its card, as the Q&A page's rating would.

    Only the first: what a candidate recalled under the clock is the honest answer, and an
    edited rating must not review the card twice.
    """
    item = review.Item("qa", card)
    try:
        with session.begin_nested():  # a failed rating must not undo the kept answer
            review.review_in(session, learner_id, item, now, lambda _row: review.RATINGS[rating])
    except SQLAlchemyError:
        log.exception("mock answer's rating did not reach the review queue (%s)", item.name)


def finish(store: Store, learner_id: int, mock_id: int) -> dict[str, Any] | None:
    """End the session now (if still running); the session with its report."""
    with store.session() as session:
        row = _own(session, learner_id, mock_id)
        if row is None:
            return None
        now = utcnow()
        _close_if_over(row, now)
        if row.finished_at is None:
            row.finished_at = now
        return _view(row, _submissions(session, mock_id))


def _view(row: MockSession, submissions: list[Submission]) -> dict[str, Any]:
    finished = row.finished_at is not None
    out: dict[str, Any] = {
        "id": row.id,
        "problem": row.problem_id,
        "questions": list(row.questions),
        "started_at": _iso(row.started_at),
        "ends_at": _iso(row.ends_at),
        "finished_at": _iso(row.finished_at),
        "answers": {n: dict(a) for n, a in (row.answers or {}).items()},
        "attempts": [
            {"id": s.id, "mode": s.mode, "verdict": s.verdict, "created_at": _iso(s.created_at)}
            for s in submissions
        ],
    }
    if finished:
        out["report"] = _report(row, submissions)
    return out


def _report(row: MockSession, submissions: list[Submission]) -> dict[str, Any]:
    end = row.finished_at or row.ends_at
    accepted = next(
        (s for s in submissions if s.mode == "submit" and s.verdict == "accepted"), None
    )
    problem_end = (
        accepted.created_at if accepted else (submissions[-1].created_at if submissions else None)
    )
    answers = row.answers or {}
    return {
        "total_seconds": int((end - row.started_at).total_seconds()),
        "problem": {
            "solved": accepted is not None,
            "seconds_to_solve": (
                int((accepted.created_at - row.started_at).total_seconds()) if accepted else None
            ),
            "seconds": int((problem_end - row.started_at).total_seconds()) if problem_end else 0,
            "runs": sum(s.mode == "run" for s in submissions),
            "submits": sum(s.mode == "submit" for s in submissions),
            "verdicts": [s.verdict for s in submissions if s.mode == "submit"],
        },
        "questions": [
            {
                "card": card,
                "answered": str(n) in answers,
                "rating": answers.get(str(n), {}).get("rating"),
                "seconds": answers.get(str(n), {}).get("seconds", 0),
            }
            for n, card in enumerate(row.questions, start=1)
        ],
        "ran_out_of_time": row.finished_at is not None and row.finished_at >= row.ends_at,
    }
