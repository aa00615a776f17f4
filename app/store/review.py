"""Spaced review with FSRS: Q&A cards and solved problems in one queue per learner.

An item is "qa:<card id>" or "problem:<problem id>". A Q&A card enters the queue when the
learner first rates it; a problem when a Submit of it is first accepted (rated good). Each
item keeps its FSRS card (`Card.to_dict()`) in ReviewCard.state and its due time in
ReviewCard.due; every rating is also written to ReviewLog.

Q&A cards use FSRS's default learning steps (1 and 10 minutes, like Anki), so a missed
answer comes back within the session. Problems skip them: writing an attention layer again
ten minutes later proves nothing, so a solved problem is next due in days, and a failed
review brings it back the next day.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from app.store import Store
from app.store.models import ReviewCard, ReviewLog, utcnow

log = logging.getLogger(__name__)
RATINGS = {"again": Rating.Again, "hard": Rating.Hard, "good": Rating.Good, "easy": Rating.Easy}
KINDS = ("qa", "problem")
ACCEPTED = "accepted"
# The browser's offset from UTC in minutes east (UTC+8 is 480): UTC-12 to UTC+14.
TZ_RANGE = (-12 * 60, 14 * 60)

_QA = dict(learning_steps=(timedelta(minutes=1), timedelta(minutes=10)))
_PROBLEM = dict(learning_steps=(), relearning_steps=())
SCHEDULERS = {"qa": Scheduler(**_QA), "problem": Scheduler(**_PROBLEM)}
# The intervals the rating buttons announce: the same schedule without the random fuzz
# that keeps cards reviewed on one day from all falling due on the same later day.
PREVIEWS = {
    "qa": Scheduler(**_QA, enable_fuzzing=False),
    "problem": Scheduler(**_PROBLEM, enable_fuzzing=False),
}


class ReviewError(ValueError):
    """A review request that cannot be done; `status` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Item:
    """A parsed review item name."""

    kind: str
    id: str

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.id}"


def parse_item(name: str) -> Item:
    """`qa:<card id>` or `problem:<problem id>`; a ReviewError (404) for anything else."""
    kind, sep, ident = name.partition(":")
    if not sep or kind not in KINDS or not ident or len(name) > 160:
        raise ReviewError(
            404, f"unknown review item {name!r}: items are qa:<card id> or problem:<problem id>"
        )
    return Item(kind, ident)


def parse_rating(value: object) -> Rating:
    """again / hard / good / easy; a ReviewError (422) for anything else."""
    if not isinstance(value, str) or value not in RATINGS:
        raise ReviewError(422, f'"rating" must be one of {", ".join(RATINGS)}, not {value!r}')
    return RATINGS[value]


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def card_view(row: ReviewCard) -> dict[str, Any]:
    """A queued item as the API shows it: its due time and its FSRS state."""
    card = Card.from_dict(row.state)
    item = parse_item(row.item)
    return {
        "item": row.item,
        "kind": item.kind,
        "id": item.id,
        "due": _iso(row.due),
        "state": card.state.name.lower(),
        "stability": card.stability,
        "difficulty": card.difficulty,
        "last_review": _iso(card.last_review),
    }


def preview(kind: str, state: dict[str, Any] | None, now: datetime) -> dict[str, dict[str, Any]]:
    """When each rating given now would make the item due next: {rating: {due, seconds}}."""
    card = Card.from_dict(state) if state is not None else Card()
    scheduler = PREVIEWS[kind]
    out = {}
    for name, rating in RATINGS.items():
        after, _ = scheduler.review_card(card, rating, now)
        out[name] = {"due": _iso(after.due), "seconds": int((after.due - now).total_seconds())}
    return out


def _review(
    store: Store,
    learner_id: int,
    item: Item,
    now: datetime,
    decide: Callable[[ReviewCard | None], Rating | None],
) -> ReviewCard | None:
    """Rate the learner's item as `decide` says from its row (None: no row yet), in one
    transaction; the row afterwards (None if there is none and nothing was rated)."""
    for attempt in range(2):  # a second try if a concurrent first rating made the row
        try:
            with store.session() as session:
                return review_in(session, learner_id, item, now, decide)
        except IntegrityError:
            if attempt:
                raise
    return None


def review_in(
    session: Session,
    learner_id: int,
    item: Item,
    now: datetime,
    decide: Callable[[ReviewCard | None], Rating | None],
) -> ReviewCard | None:
    """`_review`'s work inside the caller's transaction (IntegrityError if a concurrent
    first rating made the row meanwhile)."""
    row = session.get(ReviewCard, (learner_id, item.name), with_for_update=True)
    rating = decide(row)
    if rating is None:
        return row
    card = Card.from_dict(row.state) if row is not None else Card()
    card, _ = SCHEDULERS[item.kind].review_card(card, rating, now)
    if row is None:
        row = ReviewCard(learner_id=learner_id, item=item.name, created_at=now)
        session.add(row)
    row.state, row.due = card.to_dict(), card.due
    session.add(
        ReviewLog(learner_id=learner_id, item=item.name, rating=int(rating), reviewed_at=now)
    )
    session.flush()
    return row


def rate(
    store: Store, learner_id: int, item: Item, rating: Rating, now: datetime | None = None
) -> dict[str, Any]:
    """Rate a Q&A card: it enters the learner's queue on its first rating."""
    if item.kind != "qa":
        raise ReviewError(
            422,
            "a problem is reviewed by submitting it: an accepted Submit rates it good, "
            "a failed one again",
        )
    row = _review(store, learner_id, item, now or utcnow(), lambda _row: rating)
    assert row is not None
    return card_view(row)


def on_submission(
    store: Store,
    learner_id: int,
    problem_id: str,
    mode: str,
    verdict: str,
    now: datetime | None = None,
) -> None:
    """Let a graded submission move the problem in the learner's review queue.

    Only a Submit counts. The first accepted one puts the problem in the queue (rated good).
    Once queued, a Submit while it is due reviews it: accepted is good, any other verdict
    (wrong answer, an error, a limit, or code rejected before it ran: a syntax error or a
    forbidden call is not knowing it either) is again. A Submit before it is due, and any
    Run, change nothing.
    """
    if mode != "submit":
        return
    try:
        _on_submit(store, learner_id, Item("problem", problem_id), verdict, now or utcnow())
    except SQLAlchemyError:  # the verdict is already kept and must reach the candidate
        log.exception("review queue not updated for %s of learner %d", problem_id, learner_id)


def on_submission_in(
    session: Session,
    learner_id: int,
    problem_id: str,
    mode: str,
    verdict: str,
    now: datetime | None = None,
) -> None:
    """`on_submission` inside the caller's transaction, the one that records the verdict."""
    if mode != "submit":
        return
    item, now = Item("problem", problem_id), now or utcnow()
    try:
        with session.begin_nested():  # a failure here must not undo the verdict
            review_in(session, learner_id, item, now, _submit_rating(verdict, now))
    except SQLAlchemyError:
        log.exception("review queue not updated for %s of learner %d", problem_id, learner_id)


def _on_submit(store: Store, learner_id: int, item: Item, verdict: str, now: datetime) -> None:
    _review(store, learner_id, item, now, _submit_rating(verdict, now))


def _submit_rating(verdict: str, now: datetime) -> Callable[[ReviewCard | None], Rating | None]:
    accepted = verdict == ACCEPTED

    def decide(row: ReviewCard | None) -> Rating | None:
        if row is None:  # not queued yet: only a success puts it there
            return Rating.Good if accepted else None
        if row.due > now:  # not due: practice, not a review
            return None
        return Rating.Good if accepted else Rating.Again

    return decide


def item_view(
    store: Store, learner_id: int, item: Item, now: datetime | None = None
) -> dict[str, Any]:
    """One item: whether it is queued, its due time and state, and what each rating gives."""
    now = now or utcnow()
    with store.session() as session:
        row = session.get(ReviewCard, (learner_id, item.name))
        view = card_view(row) if row is not None else None
        state = row.state if row is not None else None
    base = view or {"item": item.name, "kind": item.kind, "id": item.id, "due": None}
    return {**base, "queued": view is not None, "preview": preview(item.kind, state, now)}


def due_at(store: Store, learner_id: int, item: Item) -> datetime | None:
    """When the learner's item is next due, or None when it is not in their queue."""
    with store.session() as session:
        row = session.get(ReviewCard, (learner_id, item.name))
        return row.due if row is not None else None


def day_ends(now: datetime, tz_minutes: int) -> tuple[datetime, datetime]:
    """The ends (as UTC instants) of the learner's today and tomorrow, at their offset."""
    offset = timedelta(minutes=tz_minutes)
    local = now + offset
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    return midnight - offset, midnight + timedelta(days=1) - offset


def queue(
    store: Store,
    learner_id: int,
    *,
    exists: Callable[[Item], bool],
    tz_minutes: int = 0,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The learner's due items (oldest due first), the counts, and the next due time.

    Counts: `now` is due already; `today` is due by the end of the learner's day (those due
    now included); `tomorrow` falls due during the next day. Items whose card or problem
    this server no longer has (`exists` says) are left out.
    """
    now = now or utcnow()
    end_today, end_tomorrow = day_ends(now, tz_minutes)
    with store.session() as session:
        rows = list(
            session.scalars(
                select(ReviewCard)
                .where(ReviewCard.learner_id == learner_id)
                .order_by(ReviewCard.due, ReviewCard.item)
            )
        )
        dues = [(card_view(row), row.due) for row in rows if exists(parse_item(row.item))]
    later = [moment for _, moment in dues if moment > now]
    return {
        "due": [view for view, moment in dues if moment <= now],
        "counts": {
            "now": sum(moment <= now for _, moment in dues),
            "today": sum(moment <= end_today for _, moment in dues),
            "tomorrow": sum(end_today < moment <= end_tomorrow for _, moment in dues),
            "queued": len(dues),
        },
        "next_due": _iso(min(later)) if later else None,
    }


def last_ratings(store: Store, learner_id: int, kind: str) -> dict[str, str]:
    """The rating each of the learner's items of a kind got last: {id: "again" | ...}."""
    names = {int(rating): name for name, rating in RATINGS.items()}
    with store.session() as session:
        rows = session.execute(
            select(ReviewLog.item, ReviewLog.rating)
            .where(ReviewLog.learner_id == learner_id, ReviewLog.item.startswith(f"{kind}:"))
            .order_by(ReviewLog.reviewed_at, ReviewLog.id)
        ).all()
    return {item.partition(":")[2]: names.get(rating, "good") for item, rating in rows}
