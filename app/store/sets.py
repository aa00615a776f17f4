"""Problem sets: an instructor's ordered problems and Q&A cards behind one link.

A learner who opens `/sets/{slug}` joins it: from then on the set's owner (and admins)
see their latest verdict and attempts on each problem of the set, and whether they have
rated each card. A learner sees their own progress on the set's page.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from app.store import Store
from app.store.models import Learner, ProblemSet, ReviewCard, SetMember, Submission, utcnow

SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
MAX_ITEMS = 100
MAX_TITLE = 200
MAX_DESCRIPTION = 5000
ACCEPTED = "accepted"


class SetError(ValueError):
    """A set request that cannot be done, with the HTTP status it answers."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def check_fields(
    slug: str, title: str, description: str, items: list[str], exists: Any
) -> list[str]:
    """The set's items, checked (names, duplicates, each one existing); else SetError."""
    if not (SLUG.fullmatch(slug) and len(slug) <= 64):
        raise SetError(422, "a link name is lowercase letters and digits joined by '-'")
    if not title.strip() or len(title) > MAX_TITLE:
        raise SetError(422, f"a title is 1 to {MAX_TITLE} characters")
    if len(description) > MAX_DESCRIPTION:
        raise SetError(422, f"a description is at most {MAX_DESCRIPTION} characters")
    if not items:
        raise SetError(422, "a set has at least one problem or card")
    if len(items) > MAX_ITEMS:
        raise SetError(422, f"a set has at most {MAX_ITEMS} items")
    seen = set()
    for item in items:
        kind, _, name = item.partition(":")
        if kind not in ("problem", "qa") or not name:
            raise SetError(422, f"{item!r}: write problem:<id> or qa:<card id>")
        if item in seen:
            raise SetError(422, f"{item!r} is in the set twice")
        if not exists(kind, name):
            raise SetError(
                422, f"{item!r}: there is no such {'problem' if kind == 'problem' else 'card'}"
            )
        seen.add(item)
    return items


def view(row: ProblemSet) -> dict[str, Any]:
    """A set as the API shows it."""
    return {
        "slug": row.slug,
        "title": row.title,
        "description": row.description,
        "items": list(row.items),
        "owner": row.owner_id,
        "created_at": _iso(row.created_at),
        "updated_at": _iso(row.updated_at),
    }


def save(
    store: Store,
    who_id: int,
    role: str,
    slug: str,
    title: str,
    description: str,
    items: list[str],
) -> dict[str, Any]:
    """Create the set `slug`, or change it if it is the caller's (an admin: anyone's)."""
    now = utcnow()
    try:
        with store.session() as session:
            row = session.scalars(select(ProblemSet).where(ProblemSet.slug == slug)).first()
            if row is None:
                row = ProblemSet(
                    slug=slug, owner_id=who_id, title=title, description=description,
                    items=items, created_at=now, updated_at=now,
                )  # fmt: skip
                session.add(row)
            else:
                if role != "admin" and row.owner_id != who_id:
                    raise SetError(409, "that link name is taken by another instructor's set")
                row.title, row.description, row.items, row.updated_at = (
                    title, description, items, now,
                )  # fmt: skip
            session.flush()
            return view(row)
    except IntegrityError:
        raise SetError(409, "that link name was just taken; choose another") from None


def owned(store: Store, who_id: int, role: str) -> list[dict[str, Any]]:
    """The sets the caller may manage (an admin: every set), newest first."""
    with store.session() as session:
        query = select(ProblemSet).order_by(ProblemSet.updated_at.desc())
        if role != "admin":
            query = query.where(ProblemSet.owner_id == who_id)
        return [view(row) for row in session.scalars(query)]


def find(store: Store, slug: str) -> dict[str, Any] | None:
    """One set by its link name, or None."""
    with store.session() as session:
        row = session.scalars(select(ProblemSet).where(ProblemSet.slug == slug)).first()
        return view(row) if row is not None else None


def is_member(store: Store, slug: str, learner_id: int) -> bool:
    """Whether the learner has started the set."""
    with store.session() as session:
        found = session.scalar(
            select(func.count())
            .select_from(SetMember)
            .join(ProblemSet, ProblemSet.id == SetMember.set_id)
            .where(ProblemSet.slug == slug, SetMember.learner_id == learner_id)
        )
        return bool(found)


def join(store: Store, slug: str, learner_id: int) -> None:
    """The learner opened the set: its owner sees their progress from now on."""
    with store.session() as session:
        row = session.scalars(select(ProblemSet).where(ProblemSet.slug == slug)).first()
        if row is None:
            return
        if session.get(SetMember, (row.id, learner_id)) is None:
            session.add(SetMember(set_id=row.id, learner_id=learner_id, joined_at=utcnow()))


def _problem_ids(items: list[str]) -> list[str]:
    return [item.split(":", 1)[1] for item in items if item.startswith("problem:")]


def learner_progress(store: Store, items: list[str], learner_id: int) -> dict[str, dict]:
    """One learner on each item: {item: {"solved", "attempts", "latest"} or {"rated"}}."""
    return members_progress(store, items, [learner_id]).get(learner_id, {})


def members_progress(
    store: Store, items: list[str], learner_ids: list[int], *, joined_in: str | None = None
) -> dict[int, dict[str, dict]]:
    """Each learner on each item (see learner_progress); two queries, whatever the size.

    With `joined_in` (a set's slug), only attempts made since each learner joined that set.
    """
    problems = _problem_ids(items)
    cards = [item for item in items if item.startswith("qa:")]
    out: dict[int, dict[str, dict]] = {
        learner: {
            **{f"problem:{p}": {"solved": False, "attempts": 0, "latest": None} for p in problems},
            **{card: {"rated": False} for card in cards},
        }
        for learner in learner_ids
    }
    if not learner_ids:
        return out
    with store.session() as session:
        if problems:
            rows = session.execute(
                select(
                    Submission.learner_id,
                    Submission.problem_id,
                    Submission.mode,
                    Submission.verdict,
                )
                .where(
                    Submission.learner_id.in_(learner_ids),
                    Submission.problem_id.in_(problems),
                    Submission.status == "done",
                    # An import's verdicts are the file's word: the owner sees work done here.
                    Submission.imported.is_(False),
                )
                .where(*_since_joined(joined_in))
                .order_by(Submission.id)
            ).all()
            for learner, problem, mode, verdict in rows:
                cell = out[learner][f"problem:{problem}"]
                cell["attempts"] += 1
                cell["latest"] = verdict
                if mode == "submit" and verdict == ACCEPTED:
                    cell["solved"] = True
        if cards:
            rated = session.execute(
                select(ReviewCard.learner_id, ReviewCard.item).where(
                    ReviewCard.learner_id.in_(learner_ids), ReviewCard.item.in_(cards)
                )
            ).all()
            for learner, item in rated:
                out[learner][item]["rated"] = True
    return out


def _since_joined(slug: str | None) -> list[Any]:
    """The conditions that keep a member's submissions made since they joined set `slug`."""
    if slug is None:
        return []
    joined = (
        select(SetMember.joined_at)
        .join(ProblemSet, ProblemSet.id == SetMember.set_id)
        .where(ProblemSet.slug == slug, SetMember.learner_id == Submission.learner_id)
        .scalar_subquery()
    )
    return [Submission.created_at >= joined]


def members(store: Store, slug: str) -> list[dict[str, Any]]:
    """Who opened the set: {"learner", "name", "joined_at"}, in the order they joined."""
    with store.session() as session:
        rows = session.execute(
            select(SetMember.learner_id, Learner.username, SetMember.joined_at)
            .join(ProblemSet, ProblemSet.id == SetMember.set_id)
            .join(Learner, Learner.id == SetMember.learner_id)
            .where(ProblemSet.slug == slug)
            .order_by(SetMember.joined_at, SetMember.learner_id)
        ).all()
    return [
        {"learner": learner, "name": name or f"guest #{learner}", "joined_at": _iso(joined)}
        for learner, name, joined in rows
    ]


def member_count(store: Store, slug: str) -> int:
    """How many learners opened the set."""
    with store.session() as session:
        return session.scalar(
            select(func.count())
            .select_from(SetMember)
            .join(ProblemSet, ProblemSet.id == SetMember.set_id)
            .where(ProblemSet.slug == slug)
        )
