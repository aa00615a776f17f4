"""Guests who stopped coming are deleted, with everything kept for them.

A guest (a learner without an account) is idle when they were made, and last seen on any
of their sessions, longer ago than SHOUSI_GUEST_IDLE_DAYS. A session's `last_seen` moves
at most every 10 minutes (app.store.identity), which is plenty at the scale of days.
Deleting a learner deletes their rows through the foreign keys' ON DELETE CASCADE.

Every replica sweeps now and then, in batches; two replicas deleting the same guest at
once is harmless, since each deletes only what its own conditions still select.
"""

from __future__ import annotations

import logging
import random
import threading
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete, exists, select

from app.store import Store
from app.store.models import Learner, Session, utcnow

log = logging.getLogger("shousi.store")
SWEEP_SECONDS = 3600.0
BATCH = 500


def idle_guests(cutoff: datetime) -> ColumnElement[bool]:
    """The condition that a learner is a guest not seen since `cutoff`."""
    seen = exists().where(Session.learner_id == Learner.id, Session.last_seen >= cutoff)
    return Learner.username.is_(None) & (Learner.created_at < cutoff) & ~seen


def expire_guests(store: Store, idle: timedelta, now: datetime | None = None) -> int:
    """Delete up to BATCH guests idle for longer than `idle`; how many were deleted."""
    cutoff = (now or utcnow()) - idle
    condition = idle_guests(cutoff)
    with store.session() as session:
        ids = list(session.scalars(select(Learner.id).where(condition).limit(BATCH)))
        if not ids:
            return 0
        # The condition again: a guest seen between the select and the delete stays.
        session.execute(delete(Learner).where(Learner.id.in_(ids), condition))
    return len(ids)


class GuestSweeper:
    """A thread that expires idle guests about every SWEEP_SECONDS (0 days: never)."""

    def __init__(self, store: Store, idle_days: float) -> None:
        self.store, self.idle = store, timedelta(days=idle_days)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Sweep in the background, the first time shortly after start-up."""
        if self.idle <= timedelta(0):
            return
        self._thread = threading.Thread(target=self._run, name="guest-expiry", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop sweeping."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def sweep(self) -> int:
        """Expire idle guests until none is left; how many were deleted."""
        total = 0
        while not self._stop.is_set():
            done = expire_guests(self.store, self.idle)
            total += done
            if done < BATCH:
                break
        if total:
            log.info("deleted %d guests idle for more than %s", total, self.idle)
        return total

    def _run(self) -> None:
        # Replicas started together would sweep together: each waits its own while first.
        wait = random.uniform(30, 300)
        while not self._stop.wait(wait):
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - a database hiccup must not end the thread
                log.exception("expiring idle guests failed")
            wait = SWEEP_SECONDS * random.uniform(0.9, 1.1)
