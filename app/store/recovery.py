"""Nothing submitted is lost: heartbeats, and grading again what a dead server left pending.

Each server beats every few seconds (a row in `instances`). A pending submission whose
server stopped beating, or that a restarted server with the same name left behind, is
claimed by one live server (a conditional update: only one wins) and graded again; after
two tries it is marked "interrupted" instead, in case the code itself brings servers down.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select, update

from app.store import INSTANCE_TIMEOUT, Store, review
from app.store.history import finish, give_up
from app.store.models import Instance, Submission, utcnow

log = logging.getLogger("shousi.store")
BEAT_SECONDS = 5.0
MAX_ATTEMPTS = 2
INTERRUPTED = "interrupted"

# Grades (problem id, code, mode) and gives the stored result document, or None when the
# problem is not in the bank any more.
Regrade = Callable[[str, str, str], dict[str, Any] | None]


class Recovery:
    """The heartbeat of one server, and its sweep for orphaned submissions."""

    def __init__(self, store: Store, instance: str, regrade: Regrade) -> None:
        self.store, self.instance, self.regrade = store, instance, regrade
        self.started = utcnow()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Beat once now, then beat and sweep in the background."""
        self.beat()
        self._thread = threading.Thread(target=self._run, name="recovery", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop beating (the row stays: a restart under the same name finds it)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - a database hiccup must not end the thread
                log.exception("sweeping for interrupted submissions failed")
            if self._stop.wait(BEAT_SECONDS):
                return
            try:
                self.beat()
            except Exception:  # noqa: BLE001
                log.exception("heartbeat failed")

    def beat(self) -> None:
        """Record that this server is alive."""
        now = utcnow()
        with self.store.session() as session:
            row = session.get(Instance, self.instance)
            if row is None:
                session.add(Instance(id=self.instance, started_at=now, last_seen=now))
            else:
                row.last_seen = now

    def orphans(self) -> list[tuple[int, str | None]]:
        """Pending submissions nobody alive is grading: (id, the server that claimed it)."""
        since = utcnow() - INSTANCE_TIMEOUT
        with self.store.session() as session:
            alive = select(Instance.id).where(Instance.last_seen > since)
            rows = session.execute(
                select(Submission.id, Submission.claimed_by, Submission.created_at).where(
                    Submission.status == "pending",
                    or_(
                        Submission.claimed_by.is_(None),
                        Submission.claimed_by.not_in(alive),
                        Submission.claimed_by == self.instance,
                    ),
                )
            ).all()
        return [(i, owner) for i, owner, created in rows if self._orphaned(owner, created)]

    def _orphaned(self, owner: str | None, created: datetime) -> bool:
        # Ours only if from before this start: the server we replaced under the same name.
        return owner != self.instance or created < self.started

    def sweep(self) -> int:
        """Claim and finish every orphan; how many were handled."""
        handled = 0
        for submission_id, owner in self.orphans():
            claimed = self._claim(submission_id, owner)
            if claimed is None:
                continue  # another server got it first
            handled += 1
            learner_id, problem_id, code, mode, attempts = claimed
            if attempts > MAX_ATTEMPTS:
                give_up(
                    self.store,
                    submission_id,
                    INTERRUPTED,
                    "grading was interrupted twice (the server stopped); submit again",
                )
                continue
            log.info("grading submission %d again: its server stopped", submission_id)
            try:
                result = self.regrade(problem_id, code, mode)
            except Exception as exc:  # noqa: BLE001 - busy graders, a failed worker
                log.warning("submission %d could not be graded again: %s", submission_id, exc)
                self._release(submission_id)
                continue
            if result is None:
                give_up(self.store, submission_id, INTERRUPTED, "the problem no longer exists")
            else:
                finish(self.store, submission_id, result)
                review.on_submission(self.store, learner_id, problem_id, mode, result["verdict"])
        return handled

    def _claim(
        self, submission_id: int, owner: str | None
    ) -> tuple[int, str, str, str, int] | None:
        with self.store.session() as session:
            owned = (
                Submission.claimed_by.is_(None) if owner is None else Submission.claimed_by == owner
            )
            done = session.execute(
                update(Submission)
                .where(Submission.id == submission_id, Submission.status == "pending", owned)
                .values(claimed_by=self.instance, attempts=Submission.attempts + 1)
            )
            if done.rowcount != 1:
                return None
            row = session.get(Submission, submission_id)
            assert row is not None
            # Still pending and now ours: the next sweep sees it again only if it was
            # released (a grading that could not run), which is what should happen.
            return row.learner_id, row.problem_id, row.code, row.mode, row.attempts

    def _release(self, submission_id: int) -> None:
        with self.store.session() as session:
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(claimed_by=None, attempts=Submission.attempts - 1)
            )
