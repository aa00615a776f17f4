"""One learner's data as a JSON document: exported whole, imported after checking all of it.

The document is `{"format": "shousi-learner-export", "version": 1, "exported_at", "learner",
"submissions", "drafts", "review_cards", "review_logs", "mock_sessions"}`. An import adds
to the learner in one transaction: submissions and mock interviews already there (same
time, problem and code) are skipped, of two drafts the newer stays, of two review cards
the one reviewed more recently. A file with anything wrong in it imports nothing (the
checks: app.store.export_format).

What a file says was graded, this server did not see graded: imported submissions are
marked `imported` and never count as solved (app.store.history, app.store.sets), and the
review queue's problem items, which only an accepted Submit here puts there, are not
taken from a file. A guest's own practice brought into their account at log-in is the
server's own history, and keeps what it was.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

import fsrs
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from app.store import Store
from app.store.export_format import (
    _NEVER,
    FORMAT,
    IMPORT_MAX_BYTES,
    SECTIONS,
    VERSION,
    ImportRefused,
    Parsed,
    parse_document,
    parse_export,
)
from app.store.models import (
    Draft,
    Learner,
    MockSession,
    ReviewCard,
    ReviewLog,
    Submission,
    utcnow,
)
from app.store.quota import Quota, code_limit, drafts_limit, kept_code_bytes

__all__ = [
    "FORMAT",
    "IMPORT_MAX_BYTES",
    "SECTIONS",
    "VERSION",
    "ImportRefused",
    "Parsed",
    "export_learner",
    "import_learner",
    "kept_counts",
    "merge_learner",
    "parse_document",
    "parse_export",
]


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def export_learner(store: Store, learner_id: int | None) -> dict[str, Any]:
    """Everything kept for the learner (an empty document for None: nobody yet)."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _iso(utcnow()),
        "learner": {"username": None, "created_at": None},
        **{section: [] for section in SECTIONS},
    }
    if learner_id is None:
        return document
    with store.session() as session:
        learner = session.get(Learner, learner_id)
        if learner is None:
            return document
        document["learner"] = {"username": learner.username, "created_at": _iso(learner.created_at)}

        def rows(model: Any, order: Any) -> Any:
            return session.scalars(
                select(model).where(model.learner_id == learner_id).order_by(order)
            )

        document["submissions"] = [
            {
                "id": row.id,
                "problem": row.problem_id,
                "mode": row.mode,
                "code": row.code,
                "created_at": _iso(row.created_at),
                "status": row.status,
                "verdict": row.verdict,
                "result": row.result,
                "duration_ms": row.duration_ms,
                "finished_at": _iso(row.finished_at),
                "mock_session": row.mock_id,
                "imported": row.imported,
            }
            for row in rows(Submission, Submission.id)
        ]
        document["drafts"] = [
            {"problem": row.problem_id, "code": row.code, "updated_at": _iso(row.updated_at)}
            for row in rows(Draft, Draft.problem_id)
        ]
        document["review_cards"] = [
            {
                "item": row.item,
                "state": row.state,
                "due": _iso(row.due),
                "created_at": _iso(row.created_at),
            }
            for row in rows(ReviewCard, ReviewCard.item)
        ]
        document["review_logs"] = [
            {"item": row.item, "rating": row.rating, "reviewed_at": _iso(row.reviewed_at)}
            for row in rows(ReviewLog, ReviewLog.id)
        ]
        document["mock_sessions"] = [
            {
                "id": row.id,
                "problem": row.problem_id,
                "questions": row.questions,
                "started_at": _iso(row.started_at),
                "ends_at": _iso(row.ends_at),
                "finished_at": _iso(row.finished_at),
                "answers": row.answers,
                "report": row.report,
            }
            for row in rows(MockSession, MockSession.id)
        ]
    return document


def kept_counts(store: Store, learner_id: int) -> dict[str, int]:
    """How many submissions, drafts and review cards are kept for the learner."""
    with store.session() as session:

        def count(model: Any) -> int:
            query = select(func.count()).select_from(model).where(model.learner_id == learner_id)
            return session.scalar(query) or 0

        return {
            "submissions": count(Submission),
            "drafts": count(Draft),
            "cards": count(ReviewCard),
        }


# Adding a checked document --------------------------------------------------------------


def merge_learner(
    store: Store, from_id: int, into_id: int, quota: Quota | None = None
) -> dict[str, Any]:
    """Add everything of one learner to another (a guest's practice into the account they
    log in to), each submission still marked as it was. The first learner's rows stay."""
    parsed = parse_document(export_learner(store, from_id))
    return import_learner(store, into_id, parsed, quota, from_file=False)


def _code_key(created_at: datetime, problem_id: str, code: str) -> tuple[datetime, str, str]:
    return created_at, problem_id, hashlib.sha256(code.encode("utf-8")).hexdigest()


def import_learner(
    store: Store,
    learner_id: int,
    parsed: Parsed,
    quota: Quota | None = None,
    *,
    from_file: bool = True,
) -> dict[str, Any]:
    """Add a checked document to the learner, all or nothing: counts added and skipped.

    `from_file`: every submission is marked imported, and problem review items are
    skipped. Past the learner's `quota` (stored code, drafts) it is QuotaExceeded and
    nothing is added."""
    try:
        return _import(store, learner_id, parsed, quota, from_file)
    except IntegrityError:  # a draft or card saved at the same moment: once more
        return _import(store, learner_id, parsed, quota, from_file)


def _import(
    store: Store, learner_id: int, parsed: Parsed, quota: Quota | None, from_file: bool
) -> dict[str, Any]:
    added = dict.fromkeys(SECTIONS, 0)
    skipped = dict.fromkeys(SECTIONS, 0)
    new_code = new_drafts = 0
    with store.session() as session:

        def mine(*columns: Any) -> Any:
            return session.execute(
                select(*columns).where(columns[0].class_.learner_id == learner_id)
            ).all()

        mocks = {
            (problem, started): mock_id
            for mock_id, problem, started in mine(
                MockSession.id, MockSession.problem_id, MockSession.started_at
            )
        }
        new_mock_ids: dict[int, int] = {}
        for row in parsed.mock_sessions:
            row = dict(row)
            old = row.pop("old_id")
            known = mocks.get((row["problem_id"], row["started_at"]))
            if known is not None:
                new_mock_ids[old] = known
                skipped["mock_sessions"] += 1
                continue
            mock = MockSession(learner_id=learner_id, **row)
            session.add(mock)
            session.flush()
            new_mock_ids[old] = mocks[(row["problem_id"], row["started_at"])] = mock.id
            added["mock_sessions"] += 1

        seen = {
            _code_key(*found)
            for found in mine(Submission.created_at, Submission.problem_id, Submission.code)
        }
        for row in parsed.submissions:
            row = dict(row)
            old_mock = row.pop("old_mock")
            key = _code_key(row["created_at"], row["problem_id"], row["code"])
            if key in seen:
                skipped["submissions"] += 1
                continue
            seen.add(key)
            row["imported"] = row["imported"] or from_file
            row["code_bytes"] = len(row["code"].encode("utf-8"))
            new_code += row["code_bytes"]
            session.add(
                Submission(learner_id=learner_id, mock_id=new_mock_ids.get(old_mock), **row)
            )
            added["submissions"] += 1

        for row in parsed.drafts:
            draft = session.get(Draft, (learner_id, row["problem_id"]))
            if draft is None:
                session.add(Draft(learner_id=learner_id, **row))
                session.flush()
                new_drafts += 1
            elif row["updated_at"] > draft.updated_at:
                draft.code, draft.updated_at = row["code"], row["updated_at"]
            else:
                skipped["drafts"] += 1
                continue
            added["drafts"] += 1

        for row in parsed.review_cards:
            if from_file and row["item"].startswith("problem:"):
                skipped["review_cards"] += 1  # only an accepted Submit here queues a problem
                continue
            row = dict(row)
            last_review = row.pop("last_review")
            card = session.get(ReviewCard, (learner_id, row["item"]))
            if card is None:
                session.add(ReviewCard(learner_id=learner_id, **row))
                session.flush()
            elif last_review > _last_review(card.state):
                card.state, card.due = row["state"], row["due"]
            else:
                skipped["review_cards"] += 1
                continue
            added["review_cards"] += 1

        logs = set(mine(ReviewLog.item, ReviewLog.rating, ReviewLog.reviewed_at))
        for row in parsed.review_logs:
            key = (row["item"], row["rating"], row["reviewed_at"])
            if key in logs or (from_file and row["item"].startswith("problem:")):
                skipped["review_logs"] += 1
                continue
            logs.add(key)
            session.add(ReviewLog(learner_id=learner_id, **row))
            added["review_logs"] += 1
        if quota is not None and (new_code or new_drafts):
            session.flush()
            # Checked on the totals with the new rows in: a refusal rolls all of them back.
            code_limit(kept_code_bytes(session, learner_id), quota)
            drafts_limit(session, learner_id, quota, more=0)
    return {"imported": added, "skipped": skipped}


def _last_review(state: Any) -> datetime:
    try:
        return fsrs.Card.from_dict(state).last_review or _NEVER
    except Exception:  # noqa: BLE001 - a card we cannot read loses to any readable one
        return _NEVER
