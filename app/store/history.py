"""What a learner did: submissions (stored before grading), drafts, and progress."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import case, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.hidden_rows import redact_document
from app.store import Store
from app.store.models import Draft, Submission, utcnow
from app.store.quota import Quota, check_submission, drafts_limit
from graders.result import GradeResult

HISTORY_LIMIT = 200
# Marks a kept document whose hidden rows were redacted when it was graded.
REDACTED = "_redacted"
_TABLE = Submission.__table__
ACCEPTED = "accepted"
# What "solved" means wherever it vouches for the learner: an accepted Submit graded here.
_SOLVED = (
    (Submission.mode == "submit")
    & (Submission.verdict == ACCEPTED)
    & Submission.imported.is_(False)
)


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def submission_row(row: Submission) -> dict[str, Any]:
    """A submission as the history lists it (no code, no result document)."""
    return {
        "id": row.id,
        "problem": row.problem_id,
        "mode": row.mode,
        "status": row.status,
        "verdict": row.verdict,
        "created_at": _iso(row.created_at),
        "finished_at": _iso(row.finished_at),
        "duration_ms": row.duration_ms,
        "mock": row.mock_id,
        "imported": row.imported,
    }


def submission_whole(row: Submission, lang: str = "en") -> dict[str, Any]:
    """A submission with its code and its result document (messages in `lang`)."""
    return {**submission_row(row), "code": row.code, "result": in_language(row.result, lang)}


def stored_document(result: GradeResult) -> dict[str, Any]:
    """The result document as kept: English, with the Chinese messages beside it."""
    document = result.to_dict("en")
    chinese = result.to_dict("zh")
    document["_zh"] = {
        "message": chinese["message"],
        "cases": [case["message"] for case in chinese["cases"]],
    }
    document[REDACTED] = True  # its hidden rows are as app.hidden_rows makes them already
    return document


def in_language(document: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """A kept result document with its messages in `lang` ("en" or "zh")."""
    if document is None:
        return None
    document = dict(document)
    if not document.pop(REDACTED, False):
        # Kept before hidden rows lost their values (or imported): replayed without them.
        document = redact_document(document)
    chinese = document.pop("_zh", None)
    if lang == "zh" and chinese:
        document["message"] = chinese["message"]
        document["cases"] = [
            {**case, "message": message}
            for case, message in zip(document.get("cases", []), chinese["cases"], strict=False)
        ]
    return document


def create_pending(
    store: Store,
    learner_id: int,
    problem_id: str,
    mode: str,
    code: str,
    instance: str,
    mock_id: int | None = None,
    request_key: str | None = None,
    quota: Quota | None = None,
) -> int:
    """Store a submission before it is graded (in a mock interview, if `mock_id`); its id.

    With a `request_key` that the learner already sent, IntegrityError: `pending_for_key`
    finds that submission instead. Over the learner's `quota`, QuotaExceeded and nothing
    is stored."""
    size = len(code.encode("utf-8", "surrogatepass"))
    # Core statements on the table, here and in finish: they run on every submission, and
    # the ORM's unit of work around them cost more than the database did.
    with store.session() as session:
        if quota is not None:
            check_submission(session, learner_id, size, quota)
        inserted = session.connection().execute(
            insert(_TABLE)
            .values(
                learner_id=learner_id,
                problem_id=problem_id,
                mode=mode,
                code=code,
                created_at=utcnow(),
                status="pending",
                claimed_by=instance,
                attempts=1,
                mock_id=mock_id,
                request_key=request_key,
                code_bytes=size,
            )
            .returning(_TABLE.c.id)
        )
        return inserted.scalar_one()


class KeyReused(ValueError):
    """An Idempotency-Key sent again with another problem, mode or code."""


def pending_for_key(
    store: Store,
    learner_id: int,
    problem_id: str,
    mode: str,
    code: str,
    instance: str,
    request_key: str,
    mock_id: int | None = None,
    quota: Quota | None = None,
) -> tuple[int, dict[str, Any] | None]:
    """The submission of a request with an Idempotency-Key: (id, None) to grade it now, or
    (id, its result document) when the same request was already graded.

    The first time, it is stored as `create_pending` stores it. Sent again (a proxy retrying
    after the replica that had it died), the same submission is found: graded, its result
    comes back; not yet, this instance takes it over and grades it, so it is kept once.
    Raises KeyReused when the key came with another problem, mode or code, and
    QuotaExceeded when a new one would take the learner over `quota`.
    """
    columns = (_TABLE.c.id, _TABLE.c.problem_id, _TABLE.c.mode, _TABLE.c.code)
    for _ in range(2):  # a second look if the same request made the row in between
        with store.session() as session:
            connection = session.connection()
            found = connection.execute(
                select(*columns, _TABLE.c.status, _TABLE.c.result).where(
                    _TABLE.c.learner_id == learner_id, _TABLE.c.request_key == request_key
                )
            ).first()
            if found is not None:
                if (found.problem_id, found.mode, found.code) != (problem_id, mode, code):
                    raise KeyReused("this Idempotency-Key was sent with another submission")
                if found.status == "done":
                    return found.id, found.result
                connection.execute(
                    update(_TABLE)
                    .where(_TABLE.c.id == found.id)
                    .values(
                        status="pending",
                        claimed_by=instance,
                        attempts=_TABLE.c.attempts + 1,
                    )
                )
                return found.id, None
        try:
            made = create_pending(
                store, learner_id, problem_id, mode, code, instance, mock_id, request_key, quota
            )
            return made, None
        except IntegrityError:
            continue
    raise RuntimeError("a submission with this Idempotency-Key could be neither found nor made")


def finish(
    store: Store,
    submission_id: int,
    result: dict[str, Any],
    then: Callable[[Session], None] | None = None,
) -> None:
    """Record a graded submission's verdict and result document; `then` does more in the
    same transaction (one commit per submission, not two)."""
    with store.session() as session:
        session.connection().execute(
            update(_TABLE)
            .where(_TABLE.c.id == submission_id)
            .values(
                status="done",
                verdict=result.get("verdict"),
                result=result,
                duration_ms=result.get("duration_ms"),
                finished_at=utcnow(),
                claimed_by=None,
            )
        )
        if then is not None:
            then(session)


def give_up(store: Store, submission_id: int, status: str, message: str) -> None:
    """Record that a submission was not graded (the graders were busy, or failed)."""
    with store.session() as session:
        session.execute(
            update(Submission)
            .where(Submission.id == submission_id)
            .values(
                status=status,
                result={"message": message},
                finished_at=utcnow(),
                claimed_by=None,
            )
        )


def history(
    store: Store, learner_id: int, problem_id: str | None = None, limit: int = HISTORY_LIMIT
) -> list[dict[str, Any]]:
    """A learner's submissions, newest first, optionally to one problem."""
    query = select(Submission).where(Submission.learner_id == learner_id)
    if problem_id is not None:
        query = query.where(Submission.problem_id == problem_id)
    query = query.order_by(Submission.id.desc()).limit(limit)
    with store.session() as session:
        return [submission_row(row) for row in session.scalars(query)]


def submission(
    store: Store, learner_id: int, submission_id: int, lang: str = "en"
) -> dict[str, Any] | None:
    """One of the learner's submissions, whole; None if there is none of theirs by that id."""
    with store.session() as session:
        row = session.get(Submission, submission_id)
        if row is None or row.learner_id != learner_id:
            return None
        return submission_whole(row, lang)


def draft(store: Store, learner_id: int, problem_id: str) -> dict[str, Any] | None:
    """The learner's saved draft for a problem: {"code", "updated_at"}, or None."""
    with store.session() as session:
        row = session.get(Draft, (learner_id, problem_id))
        if row is None:
            return None
        return {"code": row.code, "updated_at": _iso(row.updated_at)}


def save_draft(
    store: Store, learner_id: int, problem_id: str, code: str, quota: Quota | None = None
) -> dict[str, Any]:
    """Save (or replace) the learner's draft for a problem; a new one past the learner's
    `quota` of drafts is QuotaExceeded (replacing one never is)."""
    now = utcnow()
    changed = {"code": code, "updated_at": now}
    for _ in range(2):  # a second try if another save made the row in between
        try:
            with store.session() as session:
                done = session.execute(
                    update(Draft)
                    .where(Draft.learner_id == learner_id, Draft.problem_id == problem_id)
                    .values(**changed)
                )
                if done.rowcount == 0:
                    if quota is not None:
                        drafts_limit(session, learner_id, quota)
                    session.add(Draft(learner_id=learner_id, problem_id=problem_id, **changed))
            break
        except IntegrityError:
            continue
    return {"code": code, "updated_at": _iso(now)}


def marks(store: Store, learner_id: int) -> tuple[set[str], set[str]]:
    """The problems a learner solved (an accepted Submit graded here, not imported) and those
    they ran, submitted or brought in by an import."""
    with store.session() as session:
        rows = session.execute(
            select(Submission.problem_id, func.max(case((_SOLVED, 1), else_=0)))
            .where(Submission.learner_id == learner_id)
            .group_by(Submission.problem_id)
        ).all()
    return {problem for problem, solved in rows if solved}, {problem for problem, _ in rows}


def progress(store: Store, learner_id: int, topics: dict[str, str]) -> dict[str, Any]:
    """Solved and attempted problems (per topic too), the day streak, recent activity.

    A problem is solved once a Submit of it was accepted here, and attempted once anything
    was run or submitted (or imported). The streak and active days count work done here:
    an import's verdicts and times are the file's word, not this server's. `topics` maps
    each problem id to its topic; problems no longer in the bank are left out of the
    per-topic counts.
    """
    with store.session() as session:
        tried = session.execute(
            select(Submission.problem_id, func.count(), func.max(Submission.created_at))
            .where(Submission.learner_id == learner_id)
            .group_by(Submission.problem_id)
        ).all()
        solved = set(
            session.scalars(
                select(Submission.problem_id)
                .where(Submission.learner_id == learner_id, _SOLVED)
                .distinct()
            )
        )
        days = [
            moment.date()
            for moment in session.scalars(
                select(Submission.created_at).where(
                    Submission.learner_id == learner_id, Submission.imported.is_(False)
                )
            )
        ]
        recent = [
            submission_row(row)
            for row in session.scalars(
                select(Submission)
                .where(Submission.learner_id == learner_id)
                .order_by(Submission.id.desc())
                .limit(10)
            )
        ]
    attempted = {problem for problem, _, _ in tried}
    per_topic: dict[str, dict[str, int]] = {}
    for problem, topic in topics.items():
        counts = per_topic.setdefault(topic, {"solved": 0, "attempted": 0, "total": 0})
        counts["total"] += 1
        counts["solved"] += problem in solved
        counts["attempted"] += problem in attempted
    return {
        "solved": sorted(solved),
        "attempted": sorted(attempted),
        "per_topic": per_topic,
        "streak": _streak(set(days), utcnow().date()),
        "active_days": len(set(days)),
        "recent": recent,
    }


def empty_topics(topics: dict[str, str]) -> dict[str, dict[str, int]]:
    """Per-topic counts for a learner who has done nothing yet."""
    per_topic: dict[str, dict[str, int]] = {}
    for topic in topics.values():
        counts = per_topic.setdefault(topic, {"solved": 0, "attempted": 0, "total": 0})
        counts["total"] += 1
    return per_topic


def _streak(days: set, today: Any) -> int:
    """Consecutive days with activity, up to today (or yesterday, if today has none yet)."""
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count
